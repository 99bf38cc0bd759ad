#!/bin/bash
# A new user's first minutes, measured: git clone of the given checkout (default .), npm install,
# npm start on the embedded database, then the first POST with the printed key (docs/benchmarks.md).
set -u
D=$(mktemp -d); start=$(date +%s.%N)
git clone -q "${1:-.}" "$D/tt" && cd "$D/tt"
t_clone=$(date +%s.%N)
npm install > "$D/install.log" 2>&1
t_install=$(date +%s.%N)
# A port nobody listens on, so the key is tried against this start and no other.
port=3999; while (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null; do port=$((port + 1)); done
PORT=$port npm start > "$D/start.log" 2>&1 &
pid=$!
key=""
for i in $(seq 1 600); do
  key=$(grep -oE 'tt_[A-Za-z0-9_-]+' "$D/start.log" | head -1)
  [ -n "$key" ] && curl -s -o /dev/null "http://localhost:$port/api/products" -H "api-key: $key" && break
  sleep 0.2
done
t_ready=$(date +%s.%N)
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://localhost:$port/api/products" -H "api-key: $key" -H 'content-type: application/json' -d '{"params":{"code":"FIRST-1","description":"First product"}}')
t_201=$(date +%s.%N)
echo "status $code clone $(echo "$t_clone-$start"|bc) s, install $(echo "$t_install-$t_clone"|bc) s, start to ready $(echo "$t_ready-$t_install"|bc) s, total $(echo "$t_201-$start"|bc) s; EBADENGINE $(grep -c EBADENGINE "$D/install.log")"
pkill -P $pid; kill $pid 2>/dev/null; sleep 1
# Every process of that start (its workers, the site's build) runs in the clone: stop them all.
for p in $(pgrep -f "scripts/(start|serve|ensure-build)\.(ts|mjs)"); do [ "$(readlink /proc/$p/cwd)" = "$D/tt" ] && kill $p; done
sleep 1
rm -rf "$D"

// The pure parts of the live AIS reader (graph/logistics/ais-feed.ts): the AIS_FEED setting and
// where a batch of streamed lines may be cut without splitting a multi-part message.
import { describe, expect, it } from 'vitest';
import { parseAisFeed, readEnv } from '../../graph/env.ts';
import { completeLines } from '../../graph/logistics/ais-feed.ts';

describe('AIS_FEED', () => {
  it('takes host:port, IPv6 in brackets, and refuses anything else by name', () => {
    expect(parseAisFeed('127.0.0.1:10110')).toEqual({ host: '127.0.0.1', port: 10110 });
    expect(parseAisFeed('ais.example.com:5631')).toEqual({ host: 'ais.example.com', port: 5631 });
    expect(parseAisFeed('[::1]:2000')).toEqual({ host: '::1', port: 2000 });
    for (const bad of ['localhost', 'host:0', 'host:70000', 'tcp://host:1', 'a b:1']) expect(parseAisFeed(bad)).toMatch(/^AIS_FEED must be host:port/);
    expect(readEnv({}).aisFeed).toBeUndefined();
    expect(readEnv({ AIS_FEED: 'h:1' }).aisFeed).toEqual({ host: 'h', port: 1 });
    expect(() => readEnv({ AIS_FEED: 'nope' })).toThrow(/AIS_FEED must be host:port/);
  });
});

describe('cutting a batch of streamed lines', () => {
  const single = '!AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0*26';
  const part1 = '\\c:1767225600*5D\\!AIVDM,2,1,1,A,5:U6uP@2Ee3Q11=?401AB1<4q@u>1=@580000017O@jDD4BfNO@TTlnP0000,0*0B';
  const part2 = '!AIVDM,2,2,1,A,00000000000,2*25';
  it('keeps the parts of a message still waiting for its last part for the next batch', () => {
    expect(completeLines([single, part1])).toBe(1);
    expect(completeLines([single, part1, part2])).toBe(3);
    expect(completeLines([part1])).toBe(0);
    expect(completeLines([single, 'garbage'])).toBe(2);
    expect(completeLines([])).toBe(0);
  });
});

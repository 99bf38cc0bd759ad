export { loader, default, meta } from './$';

// hls.js publishes no declarations for its `./light` entry (the build without subtitles, alternate audio and DRM,
// which the viewer does not use); it is the same API as the full build.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
  export * from 'hls.js';
}

/// A stand-in for a phone's AR runtime, installed into the page: headless Chromium has no XR
/// device, so `navigator.xr` here offers `immersive-ar` with hit testing the way ARCore-backed
/// Chrome does — a session with `local` and `viewer` spaces, frames at 60 Hz whose viewer stands
/// at the space's origin, and a hit-test source that reports `window.fakeXR.hit` (a point in the
/// `local` space) when set. The test taps with `window.fakeXR.tap()`, the session's `select`.
/// Everything past the device — three.js's XR manager, xr.js, the placement math, the API — is
/// the real client.
enum FakeXRDevice {
    static let install = """
        const identity = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
        const projection = new Float32Array([1.5, 0, 0, 0, 0, 2, 0, 0, 0, 0, -1.0002, -1, 0, 0, -0.20002, 0]);
        const state = { hit: null, session: null, frames: 0 };
        class FakeSession extends EventTarget {
          constructor() { super(); this.renderState = {}; this.inputSources = []; this.callbacks = []; this.ended = false; this.tick(); }
          updateRenderState(s) { Object.assign(this.renderState, s); }
          async requestReferenceSpace(type) { return { type }; }
          async requestHitTestSource(options) { return { options, cancel() {} }; }
          requestAnimationFrame(callback) { this.callbacks.push(callback); return this.callbacks.length; }
          tick() {
            if (this.ended) return;
            const callbacks = this.callbacks; this.callbacks = [];
            const frame = {
              session: this,
              getViewerPose: () => ({ views: [{ eye: "none", transform: { matrix: identity, inverse: { matrix: identity } }, projectionMatrix: projection }] }),
              getPose: () => null,
              getHitTestResults: () => state.hit ? [{ getPose: () => ({ transform: { position: { ...state.hit, w: 1 },
                matrix: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, state.hit.x, state.hit.y, state.hit.z, 1]) } }) }] : [],
            };
            for (const c of callbacks) c(performance.now(), frame);
            state.frames++;
            setTimeout(() => this.tick(), 16);
          }
          async end() { if (this.ended) return; this.ended = true; this.dispatchEvent(new Event("end")); }
        }
        window.XRWebGLLayer = class { constructor(session, gl) { this.framebuffer = null; this.gl = gl; }
          getViewport() { return { x: 0, y: 0, width: this.gl.drawingBufferWidth, height: this.gl.drawingBufferHeight }; } };
        Object.defineProperty(navigator, "xr", { configurable: true, value: {
          isSessionSupported: async (mode) => mode === "immersive-ar",
          requestSession: async (mode, options) => {
            if (mode !== "immersive-ar" || !options.requiredFeatures.includes("hit-test")) throw new DOMException("unsupported", "NotSupportedError");
            state.session = new FakeSession();
            return state.session;
          },
        } });
        window.fakeXR = Object.assign(state, { tap() { state.session.dispatchEvent(new Event("select")); } });
        """
}

# WorldLayer — the two commands:
#   make run    start the server on the embedded SQLite database at http://localhost:8080
#               (make run HOST=0.0.0.0: over HTTPS for phones on the network, with a QR code)
#   make test   run every test, on SQLite and on a throwaway PostgreSQL
# Both install the Debian packages they need first (skipping what is present).

SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
DATABASE ?= sqlite:./data/worldlayer.sqlite
# Listening beyond this machine means phones, which give camera, position and sensors only to a
# secure origin: HTTPS on a certificate authority made here (data/tls/), trusted once at /trust.
TLS_ARGS = $(if $(filter-out 127.0.0.1 localhost,$(HOST)),--tls-local ./data/tls)

# OpenCV (Debian's) for recognizing book pages, and libjpeg, whose own header reader sizes a frame
# before OpenCV decodes it; the build links them, so they come first.
VISION_PACKAGES = libjpeg62-turbo-dev libopencv-core-dev libopencv-imgproc-dev libopencv-imgcodecs-dev libopencv-features2d-dev libopencv-calib3d-dev
# The browser client's libraries, served from the system's copy at /vendor/.
WEB_PACKAGES = libjs-leaflet libjs-three
# The browser tests: headless Chromium driven by chromedriver (ffmpeg makes its fake camera's video)
# and WebKitGTK's MiniBrowser driven by WebKitWebDriver on a virtual X display.
BROWSER_PACKAGES = chromium chromium-driver ffmpeg webkit2gtk-driver xvfb
# HTTPS: curl and openssl check the certificates, Caddy runs the production recipe (deploy/Caddyfile).
# (python3-opencv runs OpenCV's own feature-homography tutorial beside WorldLayer on real photographs.)
TLS_PACKAGES = curl openssl caddy

.PHONY: run test build screenshots bench-geo clean

build:
	scripts/install-packages $(VISION_PACKAGES)
	$(SWIFT) build --product worldlayer

# The demo world (built-in templates, restricted zones, stickers and the narrated tour from the
# Helsinki extract, and the demo book) is loaded on every start; loading it again changes nothing.
# espeak-ng and lame speak the demo tour's narration; qrencode draws the address for a phone.
run: build
	scripts/install-packages espeak-ng lame qrencode $(WEB_PACKAGES)
	$(SWIFT) run --skip-build worldlayer demo seed --database $(DATABASE)
	$(SWIFT) run --skip-build worldlayer serve --host $(HOST) --port $(PORT) --database $(DATABASE) $(TLS_ARGS)

# Two passes over one build: Chromium takes both cores, and timing-sensitive server tests (expiry,
# 40 concurrent retries) must not share the machine with it.
BROWSER_SUITES = BrowserTests|AccessibilityTests
# Browser suites three at a time: each runs a browser and a server, and with all of them at once on
# two cores the timing-sensitive ones (the vehicle pause, a save answered within 20 s) failed.
BROWSER_WIDTH = --experimental-maximum-parallelization-width 3
# Server suites eight at a time: with all ~420 at once on two cores (each starting servers, databases,
# recognizers) requests waited past the PostgreSQL pool's 10 s and the per-request database deadline,
# and a cascade of timeouts failed CI; eight keep both cores busy and took as long (~7.5 min here).
SERVER_WIDTH = --experimental-maximum-parallelization-width 8
# Schemathesis examples per API operation and pass (user, admin) in `make test`: ~2.5 minutes.
FUZZ_EXAMPLES ?= 12
# Minutes each pass may run (~5 and ~10 here) before scripts/test-within names the tests that never
# ended, prints where their threads wait (gdb) and stops it: a hang fails in minutes, not at CI's limit.
PASS_MINUTES = 25
BROWSER_PASS_MINUTES = 30
# Seconds of libFuzzer per parser of untrusted bytes in `make test` (scripts/fuzz-parsers; longer by hand).
FUZZ_SECONDS ?= 20

test:
	scripts/install-packages gdb postgresql nats-server espeak-ng lame qrencode zbar-tools python3-aiosmtpd python3-opencv $(VISION_PACKAGES) $(WEB_PACKAGES) $(BROWSER_PACKAGES) $(TLS_PACKAGES)
	# The house style (.swift-format), checked before anything is built: fix with `swift format format -i -r Sources Tests`.
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	# One build for both passes, made first, outside the scratch TMPDIR;
	# each pass runs with a TMPDIR of its own that is removed afterwards, failing or not.
	$(SWIFT) build --build-tests
	scripts/fuzz-parsers $(FUZZ_SECONDS)
	# SeaweedFS (PyPI) for the tests of media in an S3 bucket.
	scripts/python-tools >/dev/null
	WORLDLAYER_REQUIRE_POSTGRES=1 scripts/with-scratch-tmp scripts/with-postgres scripts/test-within $(PASS_MINUTES) $(SWIFT) test --skip-build --skip "$(BROWSER_SUITES)" $(SERVER_WIDTH)
	scripts/with-scratch-tmp scripts/test-within $(BROWSER_PASS_MINUTES) $(SWIFT) test --skip-build --filter "$(BROWSER_SUITES)" $(BROWSER_WIDTH)
	scripts/api-fuzz $(FUZZ_EXAMPLES)

# Pictures of the browser client's main screens, taken by its Chromium tests, and the heading
# filter's trace plotted against the truth (the README shows them).
screenshots:
	scripts/install-packages $(VISION_PACKAGES) $(WEB_PACKAGES) $(BROWSER_PACKAGES) python3-matplotlib
	WORLDLAYER_SCREENSHOTS=$(CURDIR)/docs/screenshots WORLDLAYER_PLOTS=$(CURDIR)/.build/plots $(SWIFT) test --filter "$(BROWSER_SUITES)" $(BROWSER_WIDTH)
	scripts/plot-heading .build/plots/heading-trace.csv docs/heading.png

bench-geo:
	bench/run geo

clean:
	rm -rf .build data

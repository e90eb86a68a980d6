# WorldLayer — the two commands:
#   make run    start the server on the embedded SQLite database at http://localhost:8080
#   make test   run every test, on SQLite and on a throwaway PostgreSQL
# Both install the Debian packages they need first (skipping what is present).

SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
DATABASE ?= sqlite:./data/worldlayer.sqlite

# OpenCV (Debian's) for recognizing book pages; the build links it, so it comes first.
VISION_PACKAGES = libopencv-core-dev libopencv-imgproc-dev libopencv-imgcodecs-dev libopencv-features2d-dev libopencv-calib3d-dev

.PHONY: run test build bench-geo clean

build:
	scripts/install-packages $(VISION_PACKAGES)
	$(SWIFT) build --product worldlayer

# The demo world (built-in templates, restricted zones, stickers and the narrated tour from the
# Helsinki extract, and the demo book) is loaded on every start; loading it again changes nothing.
# espeak-ng and lame speak the demo tour's narration.
run: build
	scripts/install-packages espeak-ng lame
	$(SWIFT) run --skip-build worldlayer demo seed --database $(DATABASE)
	$(SWIFT) run --skip-build worldlayer serve --host $(HOST) --port $(PORT) --database $(DATABASE)

test:
	scripts/install-packages postgresql espeak-ng lame python3-aiosmtpd $(VISION_PACKAGES)
	WORLDLAYER_REQUIRE_POSTGRES=1 scripts/with-postgres $(SWIFT) test

bench-geo:
	bench/run geo

clean:
	rm -rf .build data

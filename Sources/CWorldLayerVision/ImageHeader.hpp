#pragma once

#include <cstddef>
#include <cstdint>

namespace worldlayer::vision {

/// The most pixels a decode may make, a side and in all (Swift's `DecodeLimit` names the same two).
struct DecodeBound {
    int side;
    int64_t pixels;
};

/// A book's page or a scene's picture: a 40-megapixel camera's at most.
constexpr DecodeBound pictureBound{10'000, 40'000'000};
/// A phone camera's frame: 4K at most.
constexpr DecodeBound frameBound{4096, 4096 * 3072};

/// The size the decoder itself will allocate for these bytes, read by the decoder's own header
/// reader (libjpeg's `jpeg_read_header`, the call OpenCV's JPEG decoder makes; a PNG's IHDR, the
/// chunk libpng must find first). False when the bytes are neither or the header is broken.
bool decodedSize(const uint8_t *bytes, size_t length, int &width, int &height);

}  // namespace worldlayer::vision

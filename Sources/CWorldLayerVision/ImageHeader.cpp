#include "ImageHeader.hpp"

#include <cstdio>  // jpeglib.h needs FILE
#include <csetjmp>
#include <cstring>

#include <jpeglib.h>

namespace worldlayer::vision {

namespace {

/// libjpeg reports a broken file by calling `error_exit`, which must not return: jump back out.
struct JpegError {
    jpeg_error_mgr manager;
    std::jmp_buf jump;
};

[[noreturn]] void jumpOut(j_common_ptr info) { std::longjmp(reinterpret_cast<JpegError *>(info->err)->jump, 1); }
void stayQuiet(j_common_ptr, int) {}

bool jpegSize(const uint8_t *bytes, size_t length, int &width, int &height) {
    jpeg_decompress_struct info;
    JpegError error;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = jumpOut;
    error.manager.emit_message = stayQuiet;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        return false;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, static_cast<unsigned long>(length));
    bool read = jpeg_read_header(&info, TRUE) == JPEG_HEADER_OK;
    width = int(info.image_width);
    height = int(info.image_height);
    jpeg_destroy_decompress(&info);
    return read && width > 0 && height > 0;
}

uint32_t bigEndian(const uint8_t *p) { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3]; }

}  // namespace

bool decodedSize(const uint8_t *bytes, size_t length, int &width, int &height) {
    if (bytes == nullptr) return false;
    static const uint8_t png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (length >= 24 && std::memcmp(bytes, png, 8) == 0) {
        if (std::memcmp(bytes + 12, "IHDR", 4) != 0) return false;
        uint32_t w = bigEndian(bytes + 16), h = bigEndian(bytes + 20);
        // libpng refuses sides past 2^31 - 1; so does this.
        if (w == 0 || h == 0 || w > 0x7FFFFFFF || h > 0x7FFFFFFF) return false;
        width = int(w);
        height = int(h);
        return true;
    }
    if (length >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) return jpegSize(bytes, length, width, height);
    return false;
}

}  // namespace worldlayer::vision

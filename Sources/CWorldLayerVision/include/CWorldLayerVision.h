// Image-target recognition on OpenCV, behind a small C interface that Swift imports.
// Reference images become feature blobs (stored with the book); an index over many blobs
// recognizes which target a camera frame shows and where its corners are.
#ifndef C_WORLDLAYER_VISION_H
#define C_WORLDLAYER_VISION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What describing a reference image found.
typedef struct {
    int32_t width;          ///< Pixels of the image as given.
    int32_t height;
    int32_t keypoints;      ///< Local features kept.
    double coverage;        ///< Share of an 8×8 grid over the image with at least one feature.
    double distinct;        ///< Share of features unlike every other feature of the same image (not a repeated pattern).
    double score;           ///< 0…1: how well the image can be recognized (features × spread × distinctness).
    uint8_t *blob;          ///< The features, serialized; release with wl_vision_free.
    size_t blobLength;
} wl_reference;

/// One recognition's answer. `target` is -1 when nothing was recognized.
typedef struct {
    int64_t target;
    double corners[8];      ///< The target's corners in the frame (x, y): top-left, top-right, bottom-right, bottom-left.
    double homography[9];   ///< Row-major, reference-image pixels → frame pixels.
    int32_t inliers;        ///< Matches consistent with the homography.
    int32_t matches;        ///< Candidate matches the homography was fitted to.
    double confidence;      ///< 0…1, grows with the inliers.
    int32_t frameWidth;
    int32_t frameHeight;
    int32_t frameFeatures;  ///< Local features found in the frame.
} wl_recognition;

/// Where the camera is relative to a recognized flat scene (a scene anchor).
typedef struct {
    wl_recognition recognition;
    int32_t located;        ///< 1 when the pose was solved from the inliers.
    double rotation[9];     ///< Row-major: the scene's plane coordinates → the camera's (x right, y down, z forward).
    double translation[3];  ///< The plane's origin in the camera's coordinates, metres.
    double reprojection;    ///< RMS pixels between the inliers and where the pose puts them.
    double spot[2];         ///< The scene's sticker in the frame (x, y pixels), by the homography of the matches around it.
    double horizontalDegrees; ///< The field of view the pose was solved for: as sent, or estimated from the match.
    int32_t estimated;      ///< 1 when `horizontalDegrees` was estimated (it fit the points clearly better than the one sent).
} wl_location;

typedef struct wl_index wl_index;

/// The pixel size the decoder will make of a JPEG or PNG, read by its own header reader (libjpeg's
/// for JPEG). Returns 0, or -1 when the bytes are neither or the header is broken.
int wl_vision_image_size(const uint8_t *bytes, size_t length, int32_t *width, int32_t *height);

/// Decodes an encoded image (JPEG, PNG…). Returns 0, or -1 when the bytes are not an image.
int wl_vision_describe(const uint8_t *bytes, size_t length, wl_reference *out);

/// As wl_vision_describe, with up to `count` features found on a copy at most `side` pixels long
/// (a scene, seen again from farther and more askew than a page, wants more and finer ones).
int wl_vision_describe_sized(const uint8_t *bytes, size_t length, int32_t count, int32_t side, wl_reference *out);

/// The focal length (pixels) a plane's homography (row-major, plane → image pixels) implies for a
/// pinhole camera whose principal point is (cx, cy); 0 when the view is too square-on to tell.
double wl_vision_focal_from_homography(const double planeToImage[9], double cx, double cy);

/// Frees a blob returned by wl_vision_describe.
void wl_vision_free(void *pointer);

/// Caps the threads OpenCV may use inside one call (1 = one core).
void wl_vision_set_threads(int32_t threads);

wl_index *wl_index_create(void);
void wl_index_free(wl_index *index);

/// Adds one target's blob under the caller's key. Returns 0, or -1 for a blob this version cannot read.
int wl_index_add(wl_index *index, int64_t target, const uint8_t *blob, size_t length);

/// Adds a flat scene: its blob, `plane` (row-major, its picture's pixels → metres on its plane) and
/// `spot`, where its sticker is in the picture (x, y pixels).
int wl_index_add_plane(wl_index *index, int64_t target, const uint8_t *blob, size_t length, const double plane[9], const double spot[2]);

/// Builds the hash tables; call after the last add and before recognizing.
void wl_index_build(wl_index *index);

int32_t wl_index_count(const wl_index *index);
/// Bytes the index holds (features, positions, hash tables).
size_t wl_index_memory(const wl_index *index);

/// Recognizes an encoded frame. Returns 0, or -1 when the bytes are not an image. Safe to call from several threads.
int wl_index_recognize(const wl_index *index, const uint8_t *bytes, size_t length, wl_recognition *out);

/// Recognizes an encoded frame among the targets whose keys are the `allowedCount` in `allowed`
/// (every target when `allowedCount` is negative) and solves the camera's pose relative to the recognized one's plane, for a camera
/// `horizontalDegrees` wide. Unless `known` is 1 (the phone measured its lens), that width is a guess: the focal length that fits
/// the matches best within 1.6 times it either way is used. Returns 0, or -1 when the bytes are not an image.
int wl_index_locate(const wl_index *index, const uint8_t *bytes, size_t length, double horizontalDegrees, int32_t known,
                    const int64_t *allowed, int64_t allowedCount, wl_location *out);

#ifdef __cplusplus
}
#endif

#endif

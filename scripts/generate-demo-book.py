#!/usr/bin/env python3
"""Makes the demo book (demo/book/) and camera frames of it (demo/frames/) from photographs
that ship with scikit-image, with short videos made by ffmpeg (Debian's). Run from the project
root; needs `pip install scikit-image opencv-python-headless` and `apt-get install ffmpeg`.

The pictures (scikit-image's data/README and its gallery list them): astronaut Eileen Collins
(NASA, public domain), coffee (Rachel Michetti, CC0), Chelsea the cat (Stefan van der Walt,
CC0), a Greek coins from Pompeii (Brooklyn Museum, no known copyright restrictions), a SpaceX rocket
launch (SpaceX, CC0; kept out of the book as an example of a repetitive picture), the Hubble eXtreme Deep Field (NASA/ESA, public
domain), immunohistochemistry staining (public domain).
"""
import json
import os
import subprocess
import sys
import uuid

import cv2
import numpy as np
import skimage.data as data

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
import vision_data  # noqa: E402  (the benchmark's camera model, so demo frames look like its frames)

BOOK = "demo/book"
FRAMES = "demo/frames"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
NAMESPACE = uuid.UUID("6f1d6a4e-7c55-4a39-9d7e-3b0c1f5e2a10")  # stable ids across runs

PAGES = [
    ("astronaut", "Eileen Collins, astronaut", "NASA, public domain", "The first woman to pilot and to command a Space Shuttle."),
    ("coffee", "A cup of coffee", "Rachel Michetti, CC0", "Crema forms when pressurised water emulsifies the coffee's oils."),
    ("chelsea", "Chelsea the cat", "Stefan van der Walt, CC0", "A cat's whiskers sense air currents and the width of gaps."),
    ("coins", "Greek coins from Pompeii", "Brooklyn Museum, no known copyright restrictions", "Coins dated the city's layers before it was buried in 79 AD."),
    ("hubble_deep_field", "The Hubble eXtreme Deep Field", "NASA/ESA, public domain", "Nearly every speck of light is a galaxy."),
    ("immunohistochemistry", "Stained tissue", "public domain", "Antibodies tagged with dye show where a protein sits in the cells."),
]


def picture(name):
    image = getattr(data, name)()
    return cv2.cvtColor(image, cv2.COLOR_RGB2BGR) if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)


def video(image_path, caption, out):
    """Four seconds: a slow zoom into the picture with its caption, H.264, small enough to stream."""
    h, w = cv2.imread(image_path).shape[:2]
    size = f"{w - w % 2}x{h - h % 2}"
    text = caption.replace(":", "\\:").replace("'", "\u2019")
    subprocess.run(
        ["ffmpeg", "-loglevel", "error", "-y", "-loop", "1", "-i", image_path, "-t", "4", "-vf",
         f"scale={size},zoompan=z='min(zoom+0.0025,1.3)':d=100:s={size}:fps=25,"
         f"drawtext=fontfile={FONT}:text='{text}':x=(w-text_w)/2:y=h-60:fontsize=22:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=10",
         "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "30", "-preset", "veryslow", "-movflags", "+faststart", out],
        check=True)


def quoted(s):
    return json.dumps(s, ensure_ascii=False)


def main():
    os.makedirs(f"{BOOK}/pages", exist_ok=True)
    os.makedirs(f"{BOOK}/media", exist_ok=True)
    os.makedirs(FRAMES, exist_ok=True)
    lines = [
        "# A WorldLayer book bundle: this file and the pictures and media it names, relative to it.",
        "format: worldlayer-book/1",
        f"id: {uuid.uuid5(NAMESPACE, 'book')}",
        'slug: "pictures-of-science"',
        'title: "Pictures of Science"',
        'authors: ["WorldLayer demo", "scikit-image contributors"]',
        'description: "Six photographs from space, the kitchen and the laboratory. Point the camera at a picture and it comes alive."',
        'language: "en"',
        'cover: "pages/astronaut.jpg"',
        "targets:",
    ]
    for name, title, credit, caption in PAGES:
        image = picture(name)
        path = f"{BOOK}/pages/{name}.jpg"
        cv2.imwrite(path, image, [cv2.IMWRITE_JPEG_QUALITY, 88])
        video(path, caption, f"{BOOK}/media/{name}.mp4")
        width_m = round(0.12 * image.shape[1] / max(image.shape[:2]), 3)  # printed 12 cm on its longer side
        lines += [
            f"  - id: {uuid.uuid5(NAMESPACE, name)}",
            f"    name: {quoted(title)}",
            f"    image: {quoted(f'pages/{name}.jpg')}",
            f"    width: {width_m}",
            f"    video: {quoted(f'media/{name}.mp4')}",
            "    loop: true",
            "    muted: false",
            f"    credit: {quoted(credit)}",
        ]
    with open(f"{BOOK}/book.yaml", "w") as f:
        f.write("\n".join(lines) + "\n")

    # Camera frames with ground truth, for the tests and for trying the recognize endpoint by hand:
    # a steady hand in good light (the benchmark's frames are harder).
    rng = np.random.default_rng(3)
    clutter_photos = {n: vision_data.photo(n) for n in vision_data.CLUTTER_PHOTOS if n != "coins"}  # coins is a page here
    truth = []
    for name in ["astronaut", "coins", "coffee", None]:
        frame = vision_data.clutter(rng, clutter_photos)
        if name:
            image = cv2.imread(f"{BOOK}/pages/{name}.jpg")
        else:
            image = cv2.resize(vision_data.crop(rng, clutter_photos["grass"], 0.8), (480, 360))
        h, w = image.shape[:2]
        corners = vision_data.view(rng, w, h, max_tilt=30)
        hom = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), corners)
        warped = cv2.warpPerspective(image, hom, vision_data.FRAME)
        mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), hom, vision_data.FRAME)
        frame[mask > 128] = warped[mask > 128]
        frame, _ = vision_data.degrade(rng, frame, mild=True)
        file = f"{name or 'nothing'}.jpg"
        cv2.imwrite(f"{FRAMES}/{file}", frame, [cv2.IMWRITE_JPEG_QUALITY, 80])
        truth.append({"frame": file, "target": name, "corners": corners.round(2).tolist() if name else None})
    # Pictures that would make poor targets: a rocket launch whose towers repeat one lattice, and a
    # soft gradient with no detail at all.
    cv2.imwrite(f"{FRAMES}/repetitive.jpg", picture("rocket"), [cv2.IMWRITE_JPEG_QUALITY, 85])
    plain = np.tile(np.linspace(90, 160, 400, dtype=np.uint8), (300, 1))
    cv2.imwrite(f"{FRAMES}/plain.png", cv2.GaussianBlur(plain, (0, 0), 5))
    with open(f"{FRAMES}/truth.json", "w") as f:
        json.dump(truth, f, indent=1)
    print(f"wrote {BOOK} ({len(PAGES)} pages with videos) and {FRAMES}", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Makes docs/demo.gif, the README's picture, from a real run of the release `shoji-demo`.

    make readme-picture            (or: python3 scripts/readme-picture.py)

1. Runs `.build/release/shoji-demo --duration 0.5` in an 80x24 pseudo-terminal with
   ../shared/tools/ptyrun.py (or $PTYRUN), typing a fixed script of keys: the menu slides open,
   a child is replaced (Café), the Navigation entry is chosen, a detail screen is pushed and
   popped. ptyrun records every output chunk with its time (--record).
2. Replays the chunks through pyte (a terminal emulator model) and samples the screen every
   40 ms of the run's own time, so the animation plays at the speed it ran.
3. Draws each distinct screen with Pillow (DejaVu Sans Mono; GNU Unifont for the CJK and other
   characters DejaVu lacks, drawn two cells wide where the terminal gives them two) and writes an
   optimised GIF.

Needs: python3 with venv, Debian's fonts-dejavu-core and fonts-unifont (installed with apt-get
when missing, with sudo when not root), Pillow and pyte from PyPI (installed in
.build/readme-picture-venv on first use). Run `swift build -c release --product shoji-demo`
first (make readme-picture does).
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "readme-picture-venv")
OUTPUT = os.path.join(ROOT, "docs", "demo.gif")
COLUMNS, ROWS = 80, 24
CELL_W, CELL_H = 8, 16
SAMPLE = 0.06  # seconds of the run between two sampled screens
KEYS = ",".join([
    "wait:1.6",                            # the welcome pane
    "F2", "wait:1.0",                      # the menu slides open
    "Down", "wait:0.35", "Down", "wait:0.5",
    "Enter", "wait:1.6",                   # Café replaces Welcome: out to the right, back in
    "F2", "wait:0.9", "Down", "wait:0.5",
    "Enter", "wait:1.6",                   # Navigation
    "Enter", "wait:1.4",                   # a detail screen is pushed
    "Esc", "wait:1.4",                     # and popped
    "q",
])
FONTS = {
    "mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "mono-bold": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "unifont": "/usr/share/fonts/opentype/unifont/unifont.otf",
    "unifont-upper": "/usr/share/fonts/opentype/unifont/unifont_upper.otf",
}


def ensure_environment():
    """Re-runs this script inside a venv that has Pillow and pyte; installs the fonts."""
    missing = [p for p in ("fonts-dejavu-core", "fonts-unifont")
               if subprocess.run(["dpkg-query", "-W", "-f=${Status}", p], capture_output=True, text=True).stdout
               != "install ok installed"]
    if missing:
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        print("Installing:", " ".join(missing))
        subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
        subprocess.run(sudo + ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq"] + missing, check=True)
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "pillow>=10", "pyte>=0.8"], check=True)
    if os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        os.execv(python, [python] + sys.argv)


def find_ptyrun():
    """../shared/tools/ptyrun.py beside the checkout, or beside the main checkout of a worktree."""
    common = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    roots = [ROOT] + ([os.path.dirname(common)] if common else [])
    for root in roots:
        candidate = os.path.join(root, "..", "shared", "tools", "ptyrun.py")
        if os.path.exists(candidate):
            return os.path.normpath(candidate)
    return os.path.join(ROOT, "..", "shared", "tools", "ptyrun.py")


def record(path):
    """Runs the demo under ptyrun and returns the recorded chunks [(t, bytes)]."""
    ptyrun = os.environ.get("PTYRUN") or find_ptyrun()
    demo = os.path.join(ROOT, ".build", "release", "shoji-demo")
    if not os.path.exists(demo):
        sys.exit("readme-picture: build the demo first: swift build -c release --product shoji-demo")
    if not os.path.exists(ptyrun):
        sys.exit(f"readme-picture: no {ptyrun}; set PTYRUN to ptyrun.py")
    subprocess.run([sys.executable, ptyrun, "-q", "-s", f"{COLUMNS}x{ROWS}", "--term", "xterm-256color",
                    "--ready", "Welcome", "--record", path, "--keys", KEYS, "--timeout", "60",
                    "--", demo, "--duration", "0.5"], check=True, cwd=ROOT)
    chunks = []
    with open(path) as lines:
        for line in lines:
            item = json.loads(line)
            chunks.append((item["t"], item["data"].encode("latin-1")))
    return chunks


def screens(chunks):
    """The screen every SAMPLE seconds while the app showed it: a list of (duration, cells)."""
    import pyte

    class Screen(pyte.Screen):
        def insert_characters(self, count=None):
            # pyte 0.8 moves the cell pushed past the right margin into an invisible column
            # `columns`, and a later delete-character pulls it back onto the screen; a terminal
            # drops it. Shoji's frames shift rows with both, so drop it here too.
            super().insert_characters(count)
            self.buffer[self.cursor.y].pop(self.columns, None)

    screen = Screen(COLUMNS, ROWS)
    stream = pyte.ByteStream(screen)
    frames = []
    index = 0
    t = chunks[0][0]
    end = chunks[-1][0]
    while t <= end:
        while index < len(chunks) and chunks[index][0] <= t:
            stream.feed(chunks[index][1])
            index += 1
        cells = tuple(tuple((c.data, c.fg, c.bg, c.bold, c.reverse, c.underscore)
                            for c in (screen.buffer[y][x] for x in range(COLUMNS))) for y in range(ROWS))
        if any(any(cell[0].strip() for cell in row) for row in cells):  # not the blank screen before the first frame
            if frames and frames[-1][1] == cells:
                frames[-1][0] += SAMPLE
            else:
                frames.append([SAMPLE, cells])
        t += SAMPLE
    return frames


PALETTE16 = {
    "black": (0, 0, 0), "red": (205, 49, 49), "green": (13, 188, 121), "brown": (229, 229, 16),
    "yellow": (229, 229, 16), "blue": (36, 114, 200), "magenta": (188, 63, 188), "cyan": (17, 168, 205),
    "white": (229, 229, 229), "brightblack": (102, 102, 102), "brightred": (241, 76, 76),
    "brightgreen": (35, 209, 139), "brightyellow": (245, 245, 67), "brightblue": (59, 142, 234),
    "brightmagenta": (214, 112, 214), "brightcyan": (41, 184, 219), "brightwhite": (255, 255, 255),
}
DEFAULT_FG, DEFAULT_BG = (204, 204, 204), (24, 24, 24)


def colour(name, default):
    if name == "default":
        return default
    if name in PALETTE16:
        return PALETTE16[name]
    if len(name) == 6:
        try:
            return tuple(int(name[i:i + 2], 16) for i in (0, 2, 4))
        except ValueError:
            pass
    return default


def render(frames):
    from PIL import Image, ImageDraw, ImageFont
    mono = ImageFont.truetype(FONTS["mono"], 13)
    bold = ImageFont.truetype(FONTS["mono-bold"], 13)
    unifont = ImageFont.truetype(FONTS["unifont"], 16)
    upper = ImageFont.truetype(FONTS["unifont-upper"], 16)
    def glyph(ch):
        """The pixels DejaVu draws for `ch`: equal to a private-use character's when it has none."""
        image = Image.new("L", (CELL_W * 3, CELL_H * 2))
        ImageDraw.Draw(image).text((0, 0), ch, font=mono, fill=255)
        return image.tobytes()

    notdef = glyph("\U0010FFFD")
    fallback = {}

    def font_for(ch, is_bold):
        if ch not in fallback:
            fallback[ch] = glyph(ch) == notdef and ch.strip() != ""
        if fallback[ch]:
            return upper if ord(ch[0]) > 0xFFFF else unifont
        return bold if is_bold else mono

    images = []
    for _, cells in frames:
        image = Image.new("RGB", (COLUMNS * CELL_W, ROWS * CELL_H), DEFAULT_BG)
        draw = ImageDraw.Draw(image)
        draw.fontmode = "1"  # no anti-aliasing: crisp cells, few colours, a GIF a third the size
        for y, row in enumerate(cells):
            for x, (data, fg, bg, is_bold, reverse, underline) in enumerate(row):
                if data == "":
                    continue  # the right half of a wide character
                wide = x + 1 < COLUMNS and row[x + 1][0] == ""
                foreground, background = colour(fg, DEFAULT_FG), colour(bg, DEFAULT_BG)
                if fg == "default" and is_bold:
                    foreground = (255, 255, 255)
                if reverse:
                    foreground, background = background, foreground
                width = CELL_W * (2 if wide else 1)
                left, top = x * CELL_W, y * CELL_H
                if background != DEFAULT_BG:
                    draw.rectangle([left, top, left + width - 1, top + CELL_H - 1], fill=background)
                if data.strip():
                    font = font_for(data, is_bold)
                    offset = 0 if font in (unifont, upper) else 1
                    draw.text((left, top + offset), data, font=font, fill=foreground)
                if underline:
                    draw.line([left, top + CELL_H - 2, left + width - 1, top + CELL_H - 2], fill=foreground)
        images.append(image)
    return images


def main():
    ensure_environment()
    with tempfile.TemporaryDirectory() as folder:
        chunks = record(os.path.join(folder, "run.jsonl"))
    frames = screens(chunks)
    if len(frames) < 2:
        sys.exit("readme-picture: the run showed nothing")
    images = render(frames)
    durations = [max(20, int(round(seconds * 1000))) for seconds, _ in frames]
    durations[-1] = max(durations[-1], 1500)  # rest on the last screen before the loop starts again
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    # One palette for every frame (a terminal has few colours), made from a sample of them.
    from PIL import Image
    sample = images[::max(1, len(images) // 12)]
    sheet = Image.new("RGB", (images[0].width, images[0].height * len(sample)))
    for index, image in enumerate(sample):
        sheet.paste(image, (0, index * image.height))
    reference = sheet.quantize(colors=32, method=Image.Quantize.MEDIANCUT)
    palette = [image.quantize(palette=reference, dither=Image.Dither.NONE) for image in images]
    palette[0].save(OUTPUT, save_all=True, append_images=palette[1:], duration=durations, loop=0,
                    optimize=True, disposal=1)
    print(f"{os.path.relpath(OUTPUT, ROOT)}: {len(images)} frames, {sum(durations) / 1000:.1f} s, "
          f"{os.path.getsize(OUTPUT) // 1024} KiB")


if __name__ == "__main__":
    main()

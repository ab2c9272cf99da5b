"""Draw the site's PNG images with headless Chromium (no image library needed):
the invite link's preview card and the installable app's icons. Run once after changing
them: ``.venv/bin/python scripts/draw_images.py``; the PNGs are committed under static/img/."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "img"
SPADE = (ROOT / "static" / "favicon.svg").read_text()

CARD = """<html><body style="margin:0;width:1200px;height:630px;display:flex;align-items:center;
justify-content:center;gap:60px;font-family:DejaVu Sans,sans-serif;color:#fffdf6;
background:radial-gradient(ellipse 120% 900px at top,#16704a 0%,#0f5132 45%,#0a3d25 100%)">
<div style="width:300px;height:300px">{spade}</div>
<div><div style="font-size:120px;font-weight:700;line-height:1">29</div>
<div style="font-size:56px;margin-top:16px">TwentyNine</div>
<div style="font-size:36px;margin-top:24px;color:#d4a72c">A seat is waiting for you</div></div>
</body></html>"""

ICON = """<html><body style="margin:0;width:{size}px;height:{size}px;background:{bg};
display:flex;align-items:center;justify-content:center">
<div style="width:{inner}px;height:{inner}px">{spade}</div></body></html>"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    spade = SPADE.replace("<svg ", '<svg width="100%" height="100%" ')
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 630})
        page.set_content(CARD.format(spade=spade))
        page.screenshot(path=str(OUT / "invite-card.png"))
        for size, name, bg, inner in (
            (192, "icon-192.png", "transparent", 192),
            (512, "icon-512.png", "transparent", 512),
            (512, "icon-maskable-512.png", "#1f6b3c", 360),
        ):
            page.set_viewport_size({"width": size, "height": size})
            page.set_content(ICON.format(size=size, bg=bg, inner=inner, spade=spade))
            page.screenshot(path=str(OUT / name), omit_background=bg == "transparent")
        browser.close()


if __name__ == "__main__":
    main()

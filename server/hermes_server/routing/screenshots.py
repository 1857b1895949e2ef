"""Screenshots as the agent gets them: one PNG, stitched, cropped and labelled here, the same way for both lanes.

A lane captures (cdp: ``Page.captureScreenshot``; extension: ``captureVisibleTab``, once per window's height for a
full page) and says, in CSS pixels of what it captured, what is to be done with it:

* ``tiles``: ``[{data, y}]``, captures of the window at each scroll position, stitched at their ``y`` into a page
  ``height`` tall (the extension's full page);
* ``crop``: ``{x, y, width, height}``, the part to keep (the extension's element screenshot; the cdp lane clips
  in the browser);
* ``boxes``: ``[{ref, x, y, width, height}]``, where each element with a ref is drawn (``annotate``);
* ``css_width``: the captured width in CSS pixels; the image's own width over it is the device pixel ratio.

The labels are drawn into the image here, never into the page: the page cannot see, move or hide them, and a label
the page draws itself is not in the answer's ``labels``.
"""

from __future__ import annotations

import base64
import io
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from hermes_wire.errors import ToolError
from hermes_wire.tool_spec import SCREENSHOT_MAX_HEIGHT

#: The label's look: black text on a yellow box with a black border, at the element's top left.
LABEL_FILL = (255, 212, 0)
LABEL_INK = (0, 0, 0)
#: The label text's height in CSS pixels (scaled with the device pixel ratio), and the box's padding around it.
LABEL_TEXT_PX = 11
LABEL_PAD_PX = 2
#: The keys of a lane's answer that are instructions to this module, not part of the agent's answer.
LANE_KEYS = ("tiles", "crop", "boxes", "css_width", "height")


def check_arguments(arguments: dict[str, Any]) -> None:
    """Refuse what no lane can do: an element's screenshot that is also the whole page's."""
    if arguments.get("ref") and arguments.get("full_page"):
        raise ToolError(
            "invalid_arguments",
            "Give ref (one element) or full_page (the whole page), not both, to browser_screenshot.",
        )


def finished(result: dict[str, Any], *, annotate: bool) -> dict[str, Any]:
    """The agent's answer from a lane's: one PNG (``data``), with ``labels`` when ``annotate`` asked for them."""
    answer = {key: value for key, value in result.items() if key not in LANE_KEYS}
    if not (annotate or result.get("tiles") or result.get("crop")):
        return answer  # the window as the lane captured it: no need to decode and encode it again
    try:
        image, css_width = _captured(result)
        scale = image.width / css_width if css_width > 0 else 1.0
        crop = result.get("crop")
        origin = (0.0, 0.0)
        if isinstance(crop, dict):
            image, origin = _cropped(image, crop, scale), (float(crop["x"]), float(crop["y"]))
            # less of the element than its size: the window showed only part of it (a pixel lost to rounding is not)
            answer["clipped"] = (
                image.width < float(crop["width"]) * scale - 1 or image.height < float(crop["height"]) * scale - 1
            )
        if annotate:
            answer["labels"] = _label(image, result.get("boxes") or [], origin, scale)
    except (KeyError, TypeError, ValueError, OSError, Image.DecompressionBombError) as malformed:
        raise ToolError(
            "controller_error",
            f"The browser returned a screenshot this server cannot read ({type(malformed).__name__}). Retry once; "
            "if it persists, the extension or browser backend needs updating.",
        ) from None
    return answer | {"mime_type": "image/png", "data": _png(image)}


def _captured(result: dict[str, Any]) -> tuple[Image.Image, float]:
    """The captured image (the tiles stitched into one), and its width in CSS pixels."""
    tiles = result.get("tiles")
    if not tiles:
        image = _decoded(result["data"])
        return image, float(result.get("css_width") or image.width)
    decoded = [(_decoded(tile["data"]), float(tile["y"])) for tile in tiles]
    css_width = float(result["css_width"])
    scale = decoded[0][0].width / css_width
    height = min(float(result["height"]), SCREENSHOT_MAX_HEIGHT)  # a lane that says more is not believed
    page = Image.new("RGB", (decoded[0][0].width, max(1, round(height * scale))), "white")
    for tile, y in decoded:
        page.paste(tile, (0, round(y * scale)))
    return page, css_width


def _cropped(image: Image.Image, crop: dict[str, Any], scale: float) -> Image.Image:
    left, top = max(0, round(float(crop["x"]) * scale)), max(0, round(float(crop["y"]) * scale))
    right = min(image.width, round((float(crop["x"]) + float(crop["width"])) * scale))
    bottom = min(image.height, round((float(crop["y"]) + float(crop["height"])) * scale))
    if right <= left or bottom <= top:
        raise ToolError(
            "controller_error", "not_visible: The element is outside the window, so there is nothing to capture."
        )
    return image.crop((left, top, right, bottom))


def _label(
    image: Image.Image, boxes: list[dict[str, Any]], origin: tuple[float, float], scale: float
) -> list[dict[str, Any]]:
    """Draw each box's ref at its top left (kept inside the image); the labels drawn, in the image's pixels."""
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=max(8, round(LABEL_TEXT_PX * scale)))
    pad = max(1, round(LABEL_PAD_PX * scale))
    drawn = []
    for box in boxes:
        ref = str(box["ref"])
        left = round((float(box["x"]) - origin[0]) * scale)
        top = round((float(box["y"]) - origin[1]) * scale)
        right = left + round(float(box["width"]) * scale)
        bottom = top + round(float(box["height"]) * scale)
        if right <= 0 or bottom <= 0 or left >= image.width or top >= image.height:
            continue  # not in this image: outside the element or the window
        text = ref.removeprefix("@")
        text_left, text_top, text_right, text_bottom = draw.textbbox((0, 0), text, font=font)
        width, height = text_right - text_left + 2 * pad, text_bottom - text_top + 2 * pad
        x = min(max(left, 0), max(image.width - width, 0))
        y = min(max(top, 0), max(image.height - height, 0))
        draw.rectangle((x, y, x + width - 1, y + height - 1), fill=LABEL_FILL, outline=LABEL_INK)
        draw.text((x + pad - text_left, y + pad - text_top), text, fill=LABEL_INK, font=font)
        drawn.append({"ref": "@" + text, "x": x, "y": y})
    return drawn


def _decoded(data: str) -> Image.Image:
    image = Image.open(io.BytesIO(base64.b64decode(data, validate=True)))
    image.load()
    return image.convert("RGB")


def _png(image: Image.Image) -> str:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return base64.b64encode(out.getvalue()).decode("ascii")

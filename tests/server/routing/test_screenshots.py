"""The server's half of a screenshot (routing/screenshots.py): a lane's captures and instructions in, one PNG out.

Images are made here with known colours; the answer is judged by its pixels.
"""

from __future__ import annotations

import base64
import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from hermes_server.routing.screenshots import LABEL_FILL, check_arguments, finished
from hermes_wire.errors import ToolError
from hermes_wire.tool_spec import SCREENSHOT_MAX_HEIGHT

RED, GREEN, BLUE, WHITE = (255, 0, 0), (0, 128, 0), (0, 0, 255), (255, 255, 255)


def png(width: int, height: int, colour: tuple[int, int, int]) -> str:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, format="PNG")
    return base64.b64encode(out.getvalue()).decode()


def image(answer: dict[str, Any]) -> Image.Image:
    return Image.open(io.BytesIO(base64.b64decode(answer["data"]))).convert("RGB")


def colours(picture: Image.Image) -> set[tuple[int, int, int]]:
    return {colour for _, colour in picture.getcolors(maxcolors=1 << 16) or []}


def test_the_window_alone_passes_through_untouched() -> None:
    data = png(50, 40, RED)
    answer = finished({"mime_type": "image/png", "data": data, "css_width": 50, "activated_tab": True}, annotate=False)
    assert answer == {"mime_type": "image/png", "data": data, "activated_tab": True}


def test_tiles_are_stitched_at_their_scroll_and_the_last_overlaps() -> None:
    # A 100 px window over a 250 px page: the last capture was taken at 150, where the page ends.
    tiles = [{"data": png(20, 100, RED), "y": 0}, {"data": png(20, 100, GREEN), "y": 100}]
    tiles.append({"data": png(20, 100, BLUE), "y": 150})
    page = image(finished({"tiles": tiles, "height": 250, "css_width": 20, "clipped": False}, annotate=False))
    assert page.size == (20, 250)
    assert [page.getpixel((5, y)) for y in (50, 120, 160, 249)] == [RED, GREEN, BLUE, BLUE]


def test_tiles_at_twice_the_pixels_are_stitched_at_twice_the_scroll() -> None:
    tiles = [{"data": png(40, 200, RED), "y": 0}, {"data": png(40, 200, GREEN), "y": 100}]
    page = image(finished({"tiles": tiles, "height": 200, "css_width": 20}, annotate=False))
    assert page.size == (40, 400) and page.getpixel((5, 250)) == GREEN


def test_a_lane_that_claims_a_page_taller_than_the_tallest_is_cut_there() -> None:
    tiles = [{"data": png(10, 100, RED), "y": 0}]
    page = image(finished({"tiles": tiles, "height": 10**9, "css_width": 10}, annotate=False))
    assert page.size == (10, SCREENSHOT_MAX_HEIGHT)


def test_a_crop_keeps_the_element_and_says_nothing_of_the_rest() -> None:
    window = Image.new("RGB", (100, 80), WHITE)
    window.paste(BLUE, (30, 20, 70, 50))
    out = io.BytesIO()
    window.save(out, format="PNG")
    data = base64.b64encode(out.getvalue()).decode()
    crop = {"x": 30, "y": 20, "width": 40, "height": 30}
    answer = finished({"data": data, "css_width": 100, "crop": crop}, annotate=False)
    assert set(answer) == {"mime_type", "data", "clipped"} and answer["clipped"] is False
    cropped = image(answer)
    assert cropped.size == (40, 30) and colours(cropped) == {BLUE}


def test_an_element_taller_than_the_window_is_clipped_at_its_edge() -> None:
    crop = {"x": 10, "y": 60, "width": 40, "height": 100}
    answer = finished({"data": png(100, 80, BLUE), "css_width": 100, "crop": crop}, annotate=False)
    assert image(answer).size == (40, 20) and answer["clipped"] is True


def test_an_element_outside_the_window_is_not_visible() -> None:
    crop = {"x": 0, "y": 500, "width": 40, "height": 30}
    with pytest.raises(ToolError) as refused:
        finished({"data": png(100, 80, WHITE), "css_width": 100, "crop": crop}, annotate=False)
    assert refused.value.code == "controller_error" and refused.value.message.startswith("not_visible: ")


def test_labels_are_drawn_at_each_box_relative_to_the_crop_and_listed() -> None:
    boxes = [
        {"ref": "@e3", "x": 40, "y": 30, "width": 20, "height": 10},
        {"ref": "@e4", "x": 90, "y": 70, "width": 20, "height": 10},  # at the crop's corner: moved inside
        {"ref": "@e5", "x": 300, "y": 300, "width": 5, "height": 5},  # outside the crop: not drawn
    ]
    crop = {"x": 20, "y": 10, "width": 80, "height": 70}
    answer = finished({"data": png(200, 200, WHITE), "css_width": 200, "crop": crop, "boxes": boxes}, annotate=True)
    shot = image(answer)
    assert [label["ref"] for label in answer["labels"]] == ["@e3", "@e4"]
    first, corner = answer["labels"]
    assert (first["x"], first["y"]) == (20, 20)
    assert shot.getpixel((first["x"] + 1, first["y"] + 1)) == LABEL_FILL
    assert 0 <= corner["x"] < shot.width and 0 <= corner["y"] < shot.height
    assert shot.getpixel((shot.width - 2, shot.height - 2)) == LABEL_FILL


def test_annotate_with_no_boxes_lists_no_labels() -> None:
    answer = finished({"data": png(30, 30, RED), "css_width": 30, "boxes": []}, annotate=True)
    assert answer["labels"] == [] and colours(image(answer)) == {RED}


@settings(deadline=None)  # the first example decodes and draws with Pillow cold: 340 ms once under a loaded run
@given(
    st.dictionaries(
        st.sampled_from(["data", "tiles", "crop", "boxes", "css_width", "height"]),
        st.one_of(st.none(), st.integers(), st.text(max_size=20), st.lists(st.integers(), max_size=3)),
    )
)
def test_a_malformed_capture_is_a_clear_error_never_a_crash(lane: dict[str, Any]) -> None:
    try:
        answer = finished(lane, annotate=True)
    except ToolError as refused:
        assert refused.code == "controller_error"
    else:
        assert image(answer).width > 0


def test_an_element_and_the_whole_page_at_once_is_refused() -> None:
    check_arguments({"ref": "@e1"})
    check_arguments({"full_page": True, "annotate": True})
    with pytest.raises(ToolError) as refused:
        check_arguments({"ref": "@e1", "full_page": True})
    assert refused.value.code == "invalid_arguments"

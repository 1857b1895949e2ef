"""``strict_numbers.decimal``: one spelling per number, bounded in length, checked before ``int()`` runs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hermes_wire.strict_numbers import decimal

MAX_DIGITS = 12


@given(st.integers(min_value=0, max_value=10**MAX_DIGITS - 1))
def test_every_number_reads_back_from_its_own_spelling(number: int) -> None:
    assert decimal(str(number), max_digits=MAX_DIGITS) == number


@given(
    st.text(max_size=30) | st.from_regex(r"\A[ +\-0_]?[0-9]{1,14}[ _]?\Z") | st.text(st.characters(categories=["Nd"]))
)
def test_any_other_text_is_refused_and_what_is_read_is_its_own_spelling(text: str) -> None:
    """Whatever passes is ``str()`` of the number it reads; everything else is a ValueError, never another error."""
    try:
        number = decimal(text, max_digits=MAX_DIGITS)
    except ValueError:
        return
    assert str(number) == text and len(text) <= MAX_DIGITS


@pytest.mark.parametrize(
    "text",
    [
        "\u0661\u0662",  # Arabic-Indic digits
        "\uff11\uff12",  # full-width digits
        *[" 12", "12 ", "+12", "-12", "1_2", "012", "0x1", "1e3", ""],
        *["9" * 4000, "9" * (MAX_DIGITS + 1)],
    ],
)
def test_what_int_reads_but_no_peer_writes_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        decimal(text, max_digits=MAX_DIGITS)


def test_a_thousand_times_the_limit_is_refused_by_its_length_before_int_sees_it() -> None:
    """``int()`` itself refuses more than 4,300 digits with its own ValueError; the bound comes first, and says so."""
    with pytest.raises(ValueError, match=f"more than {MAX_DIGITS} digits"):
        decimal("9" * 5000, max_digits=MAX_DIGITS)

"""A Hypothesis strategy for damaged puzzle files: a good text with a few random edits.

Shared by the notation tests (the readers raise only sumlogic's one-line
errors) and the CLI tests (the command exits 0, 1 or 2, never a traceback).
"""

from __future__ import annotations

from hypothesis import strategies as st

EDITS = ("delete", "insert", "replace", "drop-line", "copy-line", "swap-lines")
LINE_EDITS = ("drop-line", "copy-line", "swap-lines")


@st.composite
def damaged(draw: st.DrawFn, text: str, alphabet: st.SearchStrategy[str]) -> str:
    """``text`` with 1 to 4 edits: up to 5 characters deleted, up to 3 from
    ``alphabet`` inserted or written over, or a line dropped, copied or swapped."""
    for _ in range(draw(st.integers(1, 4))):
        edit = draw(st.sampled_from(EDITS))
        if edit in LINE_EDITS:
            lines = text.split("\n")
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            if edit == "drop-line":
                del lines[i]
            elif edit == "copy-line":
                lines.insert(j, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
            continue
        at = draw(st.integers(0, max(len(text) - 1, 0)))
        new = draw(st.text(alphabet, min_size=1, max_size=3))
        if edit == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 5)):]
        elif edit == "insert":
            text = text[:at] + new + text[at:]
        else:
            text = text[:at] + new + text[at + len(new):]
    return text

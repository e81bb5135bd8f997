"""Text for TeX: the one place a string becomes LaTeX source.

Two kinds of string reach a ``.tex`` file:

* text the *project* wrote (claim statements, proof sentences): :func:`tex_escape` escapes it,
  and :func:`.latex.tex_text` keeps an author's ``$...$`` as mathematics;
* text a *user* wrote (a measure name from ``--name`` or a TOML file, a title, a string that
  may quote user input): :func:`tex_user_text` escapes **every** TeX special character,
  ``$`` included, so ``A$\\input{/etc/hostname}$`` is typeset as those characters and TeX never
  reads a control sequence from it.  Characters outside the small table TeX can typeset
  without extra packages are shown as ``[U+XXXX]`` (pdflatex would stop on them), control
  characters likewise.  A user's mathematics reaches TeX only after the project's parser has
  turned it into a sympy expression (see :mod:`.formulas`).
"""

from __future__ import annotations

SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
           "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
           "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}"}
UNICODE = {"≤": r"$\leq$", "≥": r"$\geq$", "≠": r"$\neq$", "→": r"$\to$", "×": r"$\times$",
           "±": r"$\pm$", "—": "---", "–": "--", "’": "'", "“": "``", "”": "''", "∞": r"$\infty$",
           "é": r"\'e", "ó": r"\'o", "á": r"\'a", "λ": r"$\lambda$", "α": r"$\alpha$",
           "β": r"$\beta$", "ε": r"$\varepsilon$", "σ": r"$\sigma$", "¬": r"$\neg$"}


def tex_escape(text: str) -> str:
    """Project prose: TeX specials escaped, the known Unicode symbols typeset."""
    return "".join(SPECIAL.get(ch) or UNICODE.get(ch) or ch for ch in text)


def _user_char(ch: str) -> str:
    if ch in SPECIAL:
        return SPECIAL[ch]
    if ch in UNICODE:
        return UNICODE[ch]
    if ch in "\n\t":
        return " "
    if " " <= ch <= "~":            # printable ASCII (the specials were handled above)
        return ch
    return f"[U+{ord(ch):04X}]"     # control or unsupported character: visible, never TeX input


def tex_user_text(text) -> str:
    """A user's string as literal text in TeX (nothing in it is read as TeX)."""
    return "".join(_user_char(ch) for ch in str(text))

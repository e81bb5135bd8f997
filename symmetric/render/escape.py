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

import re

SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
           "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
           "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}"}
UNICODE = {"≤": r"$\leq$", "≥": r"$\geq$", "≠": r"$\neq$", "→": r"$\to$", "×": r"$\times$",
           "±": r"$\pm$", "—": "---", "–": "--", "’": "'", "“": "``", "”": "''", "∞": r"$\infty$",
           "é": r"\'e", "ó": r"\'o", "á": r"\'a", "λ": r"$\lambda$", "α": r"$\alpha$",
           "β": r"$\beta$", "ε": r"$\varepsilon$", "σ": r"$\sigma$", "¬": r"$\neg$"}


def _plain_escape(text: str) -> str:
    return "".join(SPECIAL.get(ch) or UNICODE.get(ch) or ch for ch in text)


# ASCII mathematics in the project's own prose ("FN -> TP", "|D| <= 12", "C^1", "sqrt(2)/2",
# "~0.510826"), typeset as mathematics: a reader of a LaTeX report should not meet the
# terminal's spelling.  Only the project's prose goes through here (a user's text is literal).
_ASCII_MATH = re.compile(
    r"(?P<arrow>(?<![-<>=])(?:<->|<=>|->|=>)(?![->=]))"
    r"|(?P<rel>(?<![-<>=!])(?:<=|>=|!=|<|>)(?![-<>=]))"
    r"|(?P<abs>\|[A-Za-z]\|)"
    r"|(?P<sup>\b[A-Za-z]\^\d+)"
    r"|(?P<sqrt>\bsqrt\((?P<radicand>\d+)\)(?:/(?P<den>\d+))?)"
    r"|(?P<approx>(?<![\w.])~(?=\d))")
_ARROWS = {"<->": r"\leftrightarrow", "<=>": r"\Leftrightarrow", "->": r"\to", "=>": r"\Rightarrow"}
_RELATIONS = {"<=": r"\le", ">=": r"\ge", "!=": r"\ne", "<": "<", ">": ">"}


def _ascii_math(match: re.Match) -> str:
    text = match.group(0)
    if match.group("arrow"):
        return f"${_ARROWS[text]}$"
    if match.group("rel"):
        return f"${_RELATIONS[text]}$"
    if match.group("abs"):
        return f"${text}$"
    if match.group("sup"):
        return f"${text}$"
    if match.group("sqrt"):
        root = rf"\sqrt{{{match.group('radicand')}}}"
        return f"${root}/{match.group('den')}$" if match.group("den") else f"${root}$"
    return r"$\approx$"


def ascii_math_pieces(text: str) -> list[tuple[bool, str]]:
    """``text`` cut into (is mathematics, piece): the ASCII mathematics as ``$...$`` LaTeX, the
    rest as it is (for a renderer with its own escaping)."""
    out, last = [], 0
    for match in _ASCII_MATH.finditer(text):
        out += [(False, text[last:match.start()]), (True, _ascii_math(match))]
        last = match.end()
    return [piece for piece in out + [(False, text[last:])] if piece[1]]


def tex_escape(text: str) -> str:
    """Project prose: TeX specials escaped, the known Unicode symbols typeset, and the ASCII
    spellings of relations, arrows, |D|, C^1, sqrt(2) and ~0.5 typeset as mathematics."""
    out, last = [], 0
    for match in _ASCII_MATH.finditer(text):
        out += [_plain_escape(text[last:match.start()]), _ascii_math(match)]
        last = match.end()
    out.append(_plain_escape(text[last:]))
    return "".join(out)


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


# What the ASCII mathematics of a string can become: a fixed command, or letters and digits the
# patterns captured (never a brace, backslash or dollar of the input), between two dollars.
# tests/test_reliability.py holds user text to exactly these.
ASCII_MATH_OUTPUT = re.compile(r"\$(?:\\le|\\ge|\\ne|<|>|\\to|\\leftrightarrow|\\Leftrightarrow|\\Rightarrow"
                               r"|\\approx|\|[A-Za-z]\||[A-Za-z]\^\d+|\\sqrt\{\d+\}(?:/\d+)?)\$")


def tex_user_text(text) -> str:
    """A user's string as literal text in TeX (nothing in it is read as TeX: the ASCII
    mathematics typeset by :func:`tex_escape` becomes :data:`ASCII_MATH_OUTPUT` only -- fixed
    commands around letters and digits -- so it is typeset here too)."""
    text, out, last = str(text), [], 0
    for match in _ASCII_MATH.finditer(text):
        out += ["".join(_user_char(ch) for ch in text[last:match.start()]), _ascii_math(match)]
        last = match.end()
    out.append("".join(_user_char(ch) for ch in text[last:]))
    return "".join(out)


# ---------------------------------------------------------------- mathematics written as LaTeX

# Control words an author's mathematics may use.  Anything else (\input, \openout, \write,
# \def, \csname, \catcode, \immediate, \begin{filecontents}, ...) makes the whole formula be
# shown as literal text instead: a claims file is text from a user as much as a measure name.
SAFE_MATH_COMMANDS = frozenset("""
alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi rho
varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi
Psi Omega frac dfrac tfrac sqrt sum prod int lim limsup liminf max min sup inf arg argmax argmin log ln exp
sin cos tan det Pr left right big Big bigg Bigg bigl bigr Bigl Bigr middle cdot cdots ldots dots times div
pm mp ast star circ bullet le leq ge geq ne neq approx sim simeq equiv propto ll gg to rightarrow leftarrow
Rightarrow Leftarrow leftrightarrow Leftrightarrow iff implies mapsto in notin subset subseteq supset
supseteq cup cap setminus emptyset varnothing forall exists neg lnot wedge vee land lor infty partial nabla
prime mathrm mathbf mathit mathsf mathtt mathcal mathbb operatorname text textrm textit textbf mbox hat bar
tilde vec dot ddot widehat widetilde overline underline quad qquad langle rangle lvert rvert lVert rVert
vert Vert lfloor rfloor lceil rceil binom mid begin end gtrless lessgtr bot top textstyle displaystyle
scriptstyle leqslant geqslant nleq ngeq subsetneq supsetneq models vdash perp parallel ell hbar Re Im colon
overbrace underbrace overset underset stackrel not
""".split())
SAFE_ENVIRONMENTS = frozenset({"cases", "array", "matrix", "pmatrix", "bmatrix", "aligned", "split"})
_CONTROL = re.compile(r"\\([A-Za-z]+|.)", re.S)
_ENVIRONMENT = re.compile(r"\\(?:begin|end)\s*\{([^{}]*)\}")


def safe_math(latex: str) -> bool:
    """May ``latex`` (the inside of ``$...$`` or a display formula) reach TeX as written?  Only
    allowed control words and environments, no ``^^`` (TeX's notation for any character,
    a backslash included), no comment character or macro parameter, balanced braces."""
    if "^^" in latex:
        return False
    depth, position = 0, 0
    for m in (*_CONTROL.finditer(latex), None):
        for ch in latex[position:len(latex) if m is None else m.start()]:
            if ch in "%#":
                return False
            depth += (ch == "{") - (ch == "}")
            if depth < 0:
                return False
        if m is None:
            break
        position, word = m.end(), m.group(1)
        if word not in SAFE_MATH_COMMANDS and word not in ",;!: {}|\\%#&_$":
            return False
    if depth != 0:
        return False
    environments = _ENVIRONMENT.findall(latex)
    # every \begin / \end names its environment in braces, and only the allowed ones
    return all(env.strip() in SAFE_ENVIRONMENTS for env in environments) and \
        len(environments) == latex.count(r"\begin") + latex.count(r"\end")


_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]*")


def safe_file_name(name: str) -> bool:
    """A claim id used as a file name and inside ``\\input``/``\\label``: letters, digits and
    ``_ . + -`` only, not starting with a dot (no folders, no TeX specials)."""
    return bool(_FILE_NAME.fullmatch(name)) and ".." not in name

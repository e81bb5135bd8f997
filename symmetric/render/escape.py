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

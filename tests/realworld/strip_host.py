"""Removes the host code of a CUDA source so that NVRTC, which compiles device code only,
compiles it: functions and member functions without `__device__`/`__global__` (or a macro
holding one), namespace-scope variables without a memory space (other than constants),
and classes with member functions none of which is for the device. Everything else is
kept as it is, preprocessor lines included; removed text leaves its line breaks, so each
kept line has its upstream line number. A heuristic, not a C++ parser: it only has to
work on the files tests/realworld/extract.py feeds it, and NVRTC checks the result."""
import re, sys

KEYWORDS_EXEC = {"__global__", "__device__"}
MEM_ANN = {"__device__", "__constant__", "__shared__", "__managed__"}
# Words that take a parenthesised argument in a class head: `struct alignas(16) X`.
ATTRIBUTES = {"alignas", "__align__", "__attribute__", "__declspec"}

def tokenize(s):
    toks = []  # (kind, start, end)
    i, n = 0, len(s)
    bol = True
    while i < n:
        c = s[i]
        if c in " \t\r":
            i += 1; continue
        if c == "\n":
            bol = True; i += 1; continue
        if c == "#" and bol:
            j = i
            while j < n:
                if s[j] == "\\" and j + 1 < n and s[j+1] == "\n":
                    j += 2; continue
                if s.startswith("/*", j):
                    k = s.find("*/", j + 2); j = n if k < 0 else k + 2; continue
                if s.startswith("//", j):
                    k = s.find("\n", j); j = n if k < 0 else k; break
                if s[j] == "\n":
                    break
                j += 1
            toks.append(("pp", i, j)); i = j; continue
        bol = False
        if s.startswith("//", i):
            k = s.find("\n", i); k = n if k < 0 else k
            toks.append(("comment", i, k)); i = k; continue
        if s.startswith("/*", i):
            k = s.find("*/", i + 2); k = n if k < 0 else k + 2
            toks.append(("comment", i, k)); i = k; continue
        m = re.match(r'R"([^(\s]*)\(', s[i:i+20])
        if m:
            end = s.find(")" + m.group(1) + '"', i)
            k = end + len(m.group(1)) + 2
            toks.append(("str", i, k)); i = k; continue
        if c in "\"'":
            j = i + 1
            while j < n and s[j] != c:
                j += 2 if s[j] == "\\" else 1
            toks.append(("str", i, j + 1)); i = j + 1; continue
        if c.isalpha() or c == "_":
            m = re.match(r"[A-Za-z_0-9]+", s[i:])
            toks.append(("ident", i, i + m.end())); i += m.end(); continue
        if c.isdigit() or (c == "." and i + 1 < n and s[i+1].isdigit()):
            m = re.match(r"[0-9A-Za-z_.']+([eEpP][+-][0-9]+[A-Za-z]*)?", s[i:])
            toks.append(("num", i, i + m.end())); i += m.end(); continue
        if s.startswith("::", i) or s.startswith("->", i):
            toks.append(("punct", i, i + 2)); i += 2; continue
        toks.append(("punct", i, i + 1)); i += 1
    return toks

class Stripper:
    def __init__(self, text, exec_macros=(), mem_macros=()):
        self.s = text
        self.t = [t for t in tokenize(text) if t[0] not in ("comment",)]
        self.exec = set(KEYWORDS_EXEC) | set(exec_macros)
        self.mem = set(MEM_ANN) | set(mem_macros)
        # Macros whose body holds an annotation count as one.
        for k, a, b in self.t:
            if k == "pp":
                m = re.match(r"#\s*define\s+(\w+)(\([^)]*\))?\s+(.*)", text[a:b], re.S)
                if m:
                    body = m.group(3)
                    if re.search(r"\b(__global__|__device__)\b", body):
                        self.exec.add(m.group(1)); self.mem.add(m.group(1))
                    elif re.search(r"\b(__constant__|__shared__|__managed__)\b", body):
                        self.mem.add(m.group(1))
        self.drops = []  # (start, end) character ranges

    def txt(self, i):
        k, a, b = self.t[i]
        return self.s[a:b]

    def match_close(self, i):
        """Index of the token closing the bracket at i."""
        open_, close = self.txt(i), {"{": "}", "(": ")", "[": "]"}[self.txt(i)]
        d = 0
        for j in range(i, len(self.t)):
            x = self.txt(j)
            if self.t[j][0] != "punct":
                continue
            if x == open_: d += 1
            elif x == close:
                d -= 1
                if d == 0: return j
        return len(self.t) - 1

    def scope(self, i, end, kind):
        """Walks declarations in [i, end) of a namespace or class scope."""
        while i < end:
            k = self.t[i][0]
            if k == "pp":
                i += 1; continue
            if self.txt(i) in (";", "}") :
                i += 1; continue
            if kind == "class" and self.txt(i) in ("public", "private", "protected") and i + 1 < end and self.txt(i+1) == ":":
                i += 2; continue
            start = i
            head = []
            j = i
            while j < end:
                x = self.txt(j)
                if self.t[j][0] == "pp":
                    j += 1; continue
                if self.t[j][0] == "punct" and x in ("(", "["):
                    c = self.match_close(j); head.append(" ".join(self.txt(q) for q in range(j, c + 1) if self.t[q][0] != "pp")); j = c + 1; continue
                if x == ";" or x == "{":
                    break
                head.append(x); j += 1
            if j >= end:
                return end
            words = [h for h in head]
            if self.txt(j) == ";":
                self.decl(start, j, words, kind)
                i = j + 1; continue
            # '{'
            close = self.match_close(j)
            first = self.first_word(words)
            if first == "namespace" or (len(words) == 2 and words[0] == "extern" and words[1].startswith('"')):
                self.scope(j + 1, close, "namespace")
                i = close + 1; continue
            if first in ("struct", "class", "union", "enum", "typedef") and not self.is_function(words):
                q = close + 1
                while q < end and self.txt(q) != ";":
                    q += 1
                if first != "enum":
                    before = len(self.drops)
                    self.methods = 0
                    self.scope(j + 1, close, "class")
                    body = {self.txt(x) for x in range(j, close)}
                    if kind == "namespace" and not (body & self.exec) and self.methods:
                        # A host-only class (member functions, none for the device): all of it.
                        del self.drops[before:]
                        self.drops.append((self.t[start][1], self.t[min(q, len(self.t) - 1)][2]))
                i = q + 1; continue
            if self.is_function(words):
                if kind == "class":
                    self.methods = getattr(self, "methods", 0) + 1
                if not (set(words) & self.exec):
                    self.drops.append((self.t[start][1], self.t[close][2]))
                i = close + 1
                if i < end and self.txt(i) == ";":
                    i += 1
                continue
            # A variable with a brace initialiser: to its ';'.
            q = close + 1
            while q < end and self.txt(q) != ";":
                if self.txt(q) == "{":
                    q = self.match_close(q)
                q += 1
            q = min(q, len(self.t) - 1)
            if kind == "namespace" and self.host_variable(words):
                self.drops.append((self.t[start][1], self.t[q][2]))
            i = q + 1
        return end

    @staticmethod
    def after_template(words):
        """The words after a leading `template < ... >`."""
        w = list(words)
        while w and w[0] == "template":
            d = 0
            for idx, x in enumerate(w):
                if x == "<":
                    d += 1
                elif x == ">":
                    d -= 1
                    if d == 0:
                        w = w[idx + 1:]
                        break
            else:
                return []
        return w

    def first_word(self, words):
        for x in self.after_template(words):
            if x in ("static", "inline", "constexpr", "extern", "alignas", "__align__") or x.startswith("(") or x.startswith("["):
                continue
            return x
        return None

    def is_function(self, words):
        # A '(' group before any '=' (an operator= or operator== counts).
        words = self.after_template(words)
        depth_eq = False
        has_paren = False
        for x in words:
            if x == "=":
                depth_eq = True
            if x.startswith("(") and not depth_eq:
                has_paren = True
        if not has_paren:
            return False
        # `f(...) = 0;`, `= default;`, `= delete;` declare functions too.
        pure = len(words) >= 2 and words[-2] == "=" and words[-1] in ("0", "default", "delete")
        if depth_eq and "operator" not in words and not pure:
            return False
        first = self.first_word(words)
        if first in ("struct", "class", "union", "enum"):
            # "struct alignas(16) X" is a class; "struct X f(...)" (C headers' functions
            # returning a struct) names two identifiers before the parameter list.
            rest = words[words.index(first) + 1:]
            names = 0
            for idx, x in enumerate(rest):
                if x.startswith("("):
                    return names >= 2 and rest[idx - 1] not in ATTRIBUTES
                if re.match(r"[A-Za-z_]\w*$", x) and x not in ATTRIBUTES:
                    names += 1
            return False
        return True

    def host_variable(self, words):
        ws = set(words)
        if ws & self.mem:
            return False
        first = self.first_word(words)
        if first in ("typedef", "using", "static_assert", "namespace", "template"):
            return False
        if "constexpr" in ws or ("const" in ws and "*" not in ws):
            return False
        return True

    def decl(self, start, j, words, kind):
        if not words:
            return
        first = self.first_word(words)
        if first in ("typedef", "using", "static_assert", "friend", "namespace", "template"):
            return
        if first in ("struct", "class", "union", "enum") and not self.is_function(words):
            return
        if words[0] == "template" and first is None:
            return
        if words[0] == "template" and not any(w == "<" for w in words[:2]):
            return  # explicit instantiation
        if words[0] == "extern" and len(words) > 1 and words[1] == "template":
            return
        if self.is_function(words):
            if kind == "class":
                self.methods = getattr(self, "methods", 0) + 1
            if not (set(words) & self.exec):
                self.drops.append((self.t[start][1], self.t[j][2]))
            return
        if kind == "namespace" and self.host_variable(words):
            self.drops.append((self.t[start][1], self.t[j][2]))

    def run(self):
        self.scope(0, len(self.t), "namespace")
        dropped = bytearray(len(self.s))
        pp = [(a, b) for k, a, b in self.t if k == "pp"]
        for a, b in self.drops:
            dropped[a:b] = b"\x01" * (b - a)
            # Preprocessor lines stay: #if/#endif pairs must balance.
            for ka, kb in pp:
                if a <= ka < b:
                    dropped[ka:kb] = bytes(kb - ka)
        # Dropped text goes, its line breaks stay: every line keeps its upstream number.
        text = "".join(c for c, d in zip(self.s, dropped) if not d or c == "\n")
        return text, self.drops

def line_ranges(text, drops):
    r = []
    for a, b in drops:
        r.append((text.count("\n", 0, a) + 1, text.count("\n", 0, b) + 1))
    return r

if __name__ == "__main__":
    src = open(sys.argv[1]).read()
    out, drops = Stripper(src).run()
    sys.stdout.write(out)
    for a, b in line_ranges(src, drops):
        print(f"dropped {a}-{b}", file=sys.stderr)

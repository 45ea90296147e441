#!/usr/bin/env python3
"""Reads, for each math function, the PTX NVRTC emits for it in each mode, and derives the
bodies `core/compiler/src/math` holds: the default body with `{ftz}` and `{rn}` placeholders
where -ftz=true and -fmad=false only add those suffixes, and bodies of their own where an option
changes the structure (fast math, -prec-div/-prec-sqrt=false, -ftz, -fmad=false).

How the bodies were made, kept so they can be made again for a newer NVRTC; the result is
checked by tests/compiler_math.rs, not by this script. Needs NVRTC (VIRTUAL_ENV=$PWD/.venv).

    derive_bodies.py SPECS OUT.json
        SPECS: one function a line: NAME PARAM_TYPES RET_TYPES [C statement], types as
        F32,F64,S32,S64 (e.g. `powf F32,F32 F32`, `sincosf F32 F32,F32 sincosf(a0, o0, o1);`).
        OUT.json: [name, const, params, rets, Rust text of its `Variants`] for each.

The kernel compiled is `k(o0, o1, a0, a1, ...) { *o0 = NAME(a0, ...); }`: the arguments arrive
as kernel parameters, so its body is the function's body between the parameter loads and the
stores, which become `.param` loads and stores. A helper NVRTC keeps out of line (double pow's
and the trig reduction's) follows the body in the output and is split off by hand.
"""
import ctypes
import json
import os
import re
import sys

def _nvrtc_path():
    """libnvrtc.so.12 from the PyPI wheel in $VIRTUAL_ENV (scripts/setup-venv.sh)."""
    import glob
    found = glob.glob(os.path.join(os.environ["VIRTUAL_ENV"], "lib/python3*/site-packages/nvidia/cuda_nvrtc/lib/libnvrtc.so.12"))
    if not found:
        raise SystemExit("NVRTC not found: set VIRTUAL_ENV to a venv with nvidia-cuda-nvrtc-cu12")
    return found[0]


LIB = ctypes.CDLL(_nvrtc_path())
def ptx(src, opts):
    prog = ctypes.c_void_p()
    assert LIB.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), b"k.cu", 0, None, None) == 0
    o = [x.encode() for x in opts]
    arr = (ctypes.c_char_p * len(o))(*o)
    r = LIB.nvrtcCompileProgram(prog, len(o), arr)
    if r != 0:
        n = ctypes.c_size_t(); LIB.nvrtcGetProgramLogSize(prog, ctypes.byref(n))
        b = ctypes.create_string_buffer(n.value); LIB.nvrtcGetProgramLog(prog, b)
        raise Exception(b.value.decode())
    n = ctypes.c_size_t(); LIB.nvrtcGetPTXSize(prog, ctypes.byref(n))
    b = ctypes.create_string_buffer(n.value); LIB.nvrtcGetPTX(prog, b)
    return b.value.decode()

"""Derives a mode template from NVRTC's PTX for one function (a scratch tool, not committed)."""

CT = {"F32": "float", "F64": "double", "S32": "int", "U32": "unsigned int", "S64": "long long", "U64": "unsigned long long"}
BITS = {"F32": 32, "F64": 64, "S32": 32, "U32": 32, "S64": 64, "U64": 64}
TABLES = {"__cudart_i2opi_f": "{i2opi_f}", "__cudart_i2opi_d": "{i2opi_d}", "__cudart_sin_cos_coeffs": "{sincos_coeffs}"}

VARIANTS = {
    "base": ([], ["-ftz=true"], ["-fmad=false"]),
    "fast": (["--use_fast_math"], None, ["--use_fast_math", "-fmad=false"]),
    "approx_div": (["-prec-div=false"], ["-prec-div=false", "-ftz=true"], ["-prec-div=false", "-fmad=false"]),
    "approx_sqrt": (["-prec-sqrt=false"], ["-prec-sqrt=false", "-ftz=true"], ["-prec-sqrt=false", "-fmad=false"]),
}

def body(fn, params, rets, opts, call=None):
    ps = [f"{CT[rets[0]]}* o0", f"{CT[rets[1] if len(rets) > 1 else rets[0]]}* o1"] + [f"{CT[t]} a{j}" for j, t in enumerate(params)]
    args = ", ".join(f"a{j}" for j in range(len(params)))
    if call is None:
        call = f"*o0 = {fn}({args}, o1);" if len(rets) > 1 else f"*o0 = {fn}({args});"
    src = f'extern "C" __global__ void k({", ".join(ps)}) {{ {call} }}'
    p = ptx(src, ["-arch=compute_90"] + opts)
    text = p[p.index("{", p.index(".entry k(")) + 1: p.rindex("}")]
    lines = [l.rstrip() for l in text.split("\n")]
    out, outregs = [], {}
    for l in lines:
        s = l.strip()
        if not s:
            out.append("")
            continue
        if re.match(r"\.reg \.\w+\s+%\w+<\d+>;", s):
            continue
        m = re.match(r"ld\.param\.u64\s+(%rd\d+), \[k_param_([01])\];", s)
        if m:
            outregs[m.group(1)] = int(m.group(2)); continue
        m = re.match(r"cvta\.to\.global\.u64\s+(%rd\d+), (%rd\d+);", s)
        if m and m.group(2) in outregs:
            outregs[m.group(1)] = outregs[m.group(2)]; continue
        m = re.match(r"ld\.param\.(\w+)\s+(%\w+), \[k_param_(\d+)\];", s)
        if m:
            j = int(m.group(3)) - 2
            out.append(f"\tld.param.b{BITS[params[j]]} \t{m.group(2)}, [{{p{j}}}];"); continue
        m = re.match(r"st\.global\.(\w+)\s+\[(%rd\d+)\], (%\w+);", s)
        if m and m.group(2) in outregs:
            r = outregs[m.group(2)]
            t = rets[r]
            out.append(f"\tst.param.b{BITS[t]} \t[{{ret{'' if r == 0 else r}}}], {m.group(3)};"); continue
        for k, v in TABLES.items():
            l = l.replace(k, v)
        out.append(l)
    while out and out[0] == "": out.pop(0)
    while out and out[-1] == "": out.pop()
    return "\n".join(out) + "\n"

def merge(d, f, n):
    """Template with {ftz} and {rn} from the default, ftz and no-fma bodies, or None."""
    dl, fl, nl = d.split("\n"), f.split("\n") if f is not None else None, n.split("\n") if n is not None else None
    if (fl is not None and len(fl) != len(dl)) or (nl is not None and len(nl) != len(dl)):
        return None
    out = []
    for i, line in enumerate(dl):
        ins = {}
        for other, tok, mark in ((fl, ".ftz", "{ftz}"), (nl, ".rn", "{rn}")):
            if other is None or other[i] == line:
                continue
            o = other[i]
            found = None
            for m in re.finditer(re.escape(tok), o):
                if o[:m.start()] + o[m.end():] == line:
                    found = m.start(); break
            if found is None:
                return None
            ins.setdefault(found, "")
            ins[found] = (ins[found] + mark) if mark == "{ftz}" else (mark + ins[found])
        for pos in sorted(ins, reverse=True):
            line = line[:pos] + ins[pos] + line[pos:]
        out.append(line)
    return "\n".join(out)

def render(t, ftz, fmad):
    return t.replace("{ftz}", ".ftz" if ftz else "").replace("{rn}", "" if fmad else ".rn")

def derive(fn, params, rets, call=None):
    res = {}
    for name, (o, of, on) in VARIANTS.items():
        d = body(fn, params, rets, o, call)
        f = body(fn, params, rets, of, call) if of is not None else None
        n = body(fn, params, rets, on, call)
        if name == "fast":
            t = merge(d.replace(".ftz", "{ftz}"), None, n.replace(".ftz", "{ftz}"))
            # fast implies ftz: every .ftz is the placeholder
            if t is None:
                res["fast_raw"] = (d, n)
                continue
        else:
            t = merge(d, f, n)
            if t is None and merge(d, f, None) is not None:
                # -fmad=false changes the structure (a contraction NVRTC no longer makes).
                nf = body(fn, params, rets, on + ["-ftz=true"], call)
                tn = merge(n, nf, None)
                if tn is not None:
                    t = merge(d, f, None)
                    res[name + "_nofma"] = tn
            if t is None:
                # -ftz changes the structure: a template without flushing and one with it.
                t = merge(d, None, n)
                fn_ = body(fn, params, rets, of + ["-fmad=false"], call)
                tf = merge(f.replace(".ftz", "{ftz}"), None, fn_.replace(".ftz", "{ftz}"))
                if t is None or tf is None:
                    raise SystemExit(f"{fn} [{name}]: ftz/nofma do not merge\n--- d\n{d}\n--- f\n{f}\n--- n\n{n}")
                res[name + "_ftz"] = tf
        res[name] = t
    base = res["base"]
    out = {"base": base}
    flush = res.get("base_ftz", base)
    if "fast_raw" in res:
        d, n = res["fast_raw"]
        if d == render(flush, True, True) and "base_nofma" in res and n == render(res["base_nofma"], True, False):
            res["fast"] = flush
        else:
            raise SystemExit(f"{fn}: fast variants do not merge")
    if render(res["fast"], True, True) != render(flush, True, True) or render(res["fast"], True, False) != render(flush, True, False):
        out["fast"] = res["fast"]
    for k in ("approx_div", "approx_sqrt"):
        if res[k] != base or res.get(k + "_ftz") != res.get("base_ftz"):
            out[k] = res[k]
            if k + "_ftz" in res:
                raise SystemExit(f"{fn}: {k}_ftz needs a template of its own")
    if "base_ftz" in res:
        out["ftz"] = res["base_ftz"]
    if "base_nofma" in res:
        out["no_fma"] = res["base_nofma"]
    for k in ("approx_div_nofma", "approx_sqrt_nofma"):
        if k in res and res[k] != res["base_nofma"]:
            raise SystemExit(f"{fn}: {k} needs a template of its own")
    return out

def rust_str(t):
    return "\"" + t.replace("\\", "\\\\").replace("\"", "\\\"") + "\""


# name, params, rets, call
SPECS = [l.split() for l in open(sys.argv[1]).read().strip().split("\n") if l.strip() and not l.startswith("#")]
out = []
for spec in SPECS:
    fn, params, rets = spec[0], spec[1].split(","), spec[2].split(",")
    call = " ".join(spec[3:]) if len(spec) > 3 else None
    const = fn.strip("_").upper()
    try:
        v = derive(fn, params, rets, call)
    except SystemExit as e:
        sys.stderr.write(f"FAIL {fn}: {str(e)[:200]}\n"); continue
    except Exception as e:
        sys.stderr.write(f"ERR {fn}: {str(e)[:300]}\n"); continue
    fields = []
    for k in ("base", "ftz", "no_fma", "fast", "approx_div", "approx_sqrt"):
        if k in v:
            val = rust_str(v[k]) if k == "base" else f"Some({rust_str(v[k])})"
        else:
            val = "None"
        fields.append(f"    {k}: {val},")
    sys.stderr.write(f"ok {fn}: {list(v)} {v['base'].count(chr(10))} lines\n")
    out.append((fn, const, params, rets, f"pub(super) static {const}: Variants = Variants {{\n" + "\n".join(fields) + "\n};\n"))
json.dump(out, open(sys.argv[2], "w"))

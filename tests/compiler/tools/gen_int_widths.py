#!/usr/bin/env python3
"""gen_int_widths.py — writes an exec_ir/ test (run_ir_exec.sh) of random LLVM IR
over odd integer widths (2..63 and 65..128 bits, and the legal ones around them):
arithmetic, shifts, divisions (below 64 bits), compares and selects, casts between
widths, conversions to float and double, bit-count and min/max intrinsics, a loop carrying odd-width phis, and
loads and stores of odd widths; free of poison and undefined behaviour (shift
amounts masked below the width, divisors positive), so the host's code generator
and anchor-msl + softmetal must agree bit for bit (compiler/lower_int_widths.c).

With a third argument `wide`, the widths go up to 1024 bits (129..1024 as well as some
of those below); values wider than 128 bits are written out folded to 128 (the XOR of
their 128-bit pieces), their stores and loads land in the output array as they are.

usage: gen_int_widths.py SEED STATEMENTS [wide] > ../exec_ir/int_widths_gen_SEED.ll
"""
import random
import sys

WIDTHS = [2, 3, 5, 7, 8, 12, 13, 16, 17, 24, 31, 32, 33, 40, 47, 48, 63, 64, 65, 66, 67, 77,
          96, 100, 127, 128]
if len(sys.argv) > 3 and sys.argv[3] == "wide":
    WIDTHS = [7, 32, 33, 64, 65, 100, 128, 129, 176, 191, 192, 193, 255, 256, 300, 384, 511,
              512, 700, 1000, 1024]
ODD = lambda n: n not in (1, 8, 16, 32, 64)


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    lines, vals, k = [], [], [0]

    def new():
        k[0] += 1
        return f"%v{k[0]}"

    def emit(text):
        lines.append("  " + text)

    def pick(n=None):
        cands = [v for v in vals if n is None or v[1] == n]
        return rng.choice(cands) if cands else None

    def of_width(n):
        """a value of width n: an existing one, or a cast of one."""
        v = pick(n)
        if v and rng.random() < 0.7:
            return v[0]
        src, m = rng.choice(vals)
        r = new()
        if m == n:
            return src
        op = "trunc" if m > n else rng.choice(["zext", "sext"])
        emit(f"{r} = {op} i{m} {src} to i{n}")
        vals.append((r, n))
        return r

    def shift_amount(n):
        bits = n.bit_length() - 1  # 2^bits <= n
        a = of_width(n)
        r = new()
        emit(f"{r} = and i{n} {a}, {(1 << bits) - 1}")
        return r

    def positive(n):
        a = of_width(n)
        r1, r2 = new(), new()
        emit(f"{r1} = or i{n} {a}, 1")
        emit(f"{r2} = and i{n} {r1}, {(1 << (n - 1)) - 1}")
        return r2

    # inputs: out[0..15] as i32, widened
    for i in range(16):
        p, r = new(), new()
        emit(f"{p} = getelementptr i32, ptr %out, i64 {i}")
        emit(f"{r} = load i32, ptr {p}")
        vals.append((r, 32))
    for _ in range(count):
        n = rng.choice(WIDTHS)
        kind = rng.choice(["bin", "bin", "bin", "shift", "div", "cmp", "cast", "intr", "mem", "fp"])
        r = new()
        if kind == "bin":
            op = rng.choice(["add", "sub", "mul", "and", "or", "xor"])
            emit(f"{r} = {op} i{n} {of_width(n)}, {of_width(n)}")
        elif kind == "shift":
            op = rng.choice(["shl", "lshr", "ashr"])
            emit(f"{r} = {op} i{n} {of_width(n)}, {shift_amount(n)}")
        elif kind == "div" and n <= 64:
            op = rng.choice(["udiv", "sdiv", "urem", "srem"])
            emit(f"{r} = {op} i{n} {of_width(n)}, {positive(n)}")
        elif kind == "cmp":
            pred = rng.choice(["eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"])
            c = new()
            emit(f"{c} = icmp {pred} i{n} {of_width(n)}, {of_width(n)}")
            emit(f"{r} = select i1 {c}, i{n} {of_width(n)}, i{n} {of_width(n)}")
        elif kind == "intr":
            names = ["umin", "umax", "smin", "smax", "abs", "ctpop"]
            if n <= 64:
                names += ["ctlz", "cttz", "bitreverse"] + (["bswap"] if n % 16 == 0 else [])
            f = rng.choice(names)
            if f in ("umin", "umax", "smin", "smax"):
                emit(f"{r} = call i{n} @llvm.{f}.i{n}(i{n} {of_width(n)}, i{n} {of_width(n)})")
            elif f in ("abs", "ctlz", "cttz"):
                emit(f"{r} = call i{n} @llvm.{f}.i{n}(i{n} {of_width(n)}, i1 false)")
            else:
                emit(f"{r} = call i{n} @llvm.{f}.i{n}(i{n} {of_width(n)})")
            decls.add((f, n))
        elif kind == "fp":
            # to float or double and back to its bits (a legal-width value)
            op = rng.choice(["uitofp", "sitofp"])
            ft, bits = rng.choice([("float", 32), ("double", 64)])
            if n > 128:
                # the host's LLVM 19 gets float wrong from beyond 129 bits (garbage instead
                # of infinity: llvm-project issue 189054), so the reference would be
                ft, bits = "double", 64
            f = new()
            emit(f"{f} = {op} i{n} {of_width(n)} to {ft}")
            emit(f"{r} = bitcast {ft} {f} to i{bits}")
            n = bits
        elif kind == "mem":
            # a 16-byte slot of out[3000...] (past the results), at byte offset 0..7
            off = 12000 + 16 * rng.randint(0, 200) + rng.randint(0, 7)
            p = new()
            emit(f"{p} = getelementptr i8, ptr %out, i64 {off}")
            emit(f"store i{n} {of_width(n)}, ptr {p}, align 1")
            emit(f"{r} = load i{n}, ptr {p}, align 1")
        else:
            emit(f"{r} = add i{n} {of_width(n)}, {rng.randint(0, 1 << 70) % (1 << n)}")
        vals.append((r, n))
    return lines, vals, rng


decls = set()


def loop(rng, vals, start):
    """A loop of 1..20 trips carrying two odd-width phis."""
    n1, n2 = rng.choice([w for w in WIDTHS if ODD(w)]), rng.choice([w for w in WIDTHS if ODD(w)])
    a = next(v for v, w in reversed(vals) if w == 32)
    text = f"""  %trips = and i32 {a}, 15
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j1, %loop ]
  %x = phi i{n1} [ {rng.randint(0, 99)}, %entry ], [ %x1, %loop ]
  %y = phi i{n2} [ {rng.randint(0, 99)}, %entry ], [ %y1, %loop ]
  %xm = mul i{n1} %x, {rng.randint(3, 99)}
  %jx = {'zext' if n1 > 32 else 'trunc'} i32 %j to i{n1}
  %x1 = add i{n1} %xm, %jx
  %xy = {'trunc' if n1 > n2 else 'sext' if n1 < n2 else 'add'} i{n1} %x1 {'to i' + str(n2) if n1 != n2 else ', 0'}
  %y1 = xor i{n2} %y, %xy
  %j1 = add i32 %j, 1
  %more = icmp ule i32 %j1, %trips
  br i1 %more, label %loop, label %done

done:
"""
    return text, [("%x1", n1), ("%y1", n2)]


def store_all(vals):
    out = []
    for i, (v, n) in enumerate(vals[16:]):
        out.append(f"  call void @put(ptr %out, i32 {32 + 4 * i}, i{n} {v})".replace(
            "@put(", f"@put{n}("))
    return out


if __name__ == "__main__":
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    lines, vals, rng = main()
    loop_text, loop_vals = loop(rng, vals, len(lines))
    body = "\n".join(lines)
    results = vals + loop_vals
    widths = sorted({n for _, n in results[16:]})
    wide = " wide" if len(sys.argv) > 3 and sys.argv[3] == "wide" else ""
    print(f"""; int_widths_gen_{seed}.ll — generated by tools/gen_int_widths.py {seed} {count}{wide}: random IR
; over odd integer widths, free of poison; run_ir_exec.sh compares softmetal with the host.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @test_kernel(ptr %out, i32 %n) {{
entry:
{body}
{loop_text}{chr(10).join(store_all(results))}
  ret void
}}
""")
    for n in widths:
        fold = "\n".join(f"""  %u{k} = lshr i{n} %v, {128 * k}
  %t{k} = trunc i{n} %u{k} to i128
  %f{k} = xor i128 %f{k - 1}, %t{k}""" for k in range(1, (n + 127) // 128))
        head = f"""  %f0 = trunc i{n} %v to i128
{fold}
  %w = add i128 %f{(n + 127) // 128 - 1}, 0""" if n > 128 else f"  %w = zext i{n} %v to i128"
        print(f"""define internal void @put{n}(ptr %out, i32 %k, i{n} %v) {{
{head}
  %p0 = getelementptr i32, ptr %out, i32 %k
  %w0 = trunc i128 %w to i32
  store i32 %w0, ptr %p0
  %s1 = lshr i128 %w, 32
  %w1 = trunc i128 %s1 to i32
  %p1 = getelementptr i32, ptr %p0, i32 1
  store i32 %w1, ptr %p1
  %s2 = lshr i128 %w, 64
  %w2 = trunc i128 %s2 to i32
  %p2 = getelementptr i32, ptr %p0, i32 2
  store i32 %w2, ptr %p2
  %s3 = lshr i128 %w, 96
  %w3 = trunc i128 %s3 to i32
  %p3 = getelementptr i32, ptr %p0, i32 3
  store i32 %w3, ptr %p3
  ret void
}}""".replace("zext i128 %v to i128", "add i128 %v, 0"))
    for f, n in sorted(decls):
        if f in ("umin", "umax", "smin", "smax"):
            print(f"declare i{n} @llvm.{f}.i{n}(i{n}, i{n})")
        elif f in ("abs", "ctlz", "cttz"):
            print(f"declare i{n} @llvm.{f}.i{n}(i{n}, i1)")
        else:
            print(f"declare i{n} @llvm.{f}.i{n}(i{n})")
    print("""
!nvvm.annotations = !{!0}
!0 = !{ptr @test_kernel, !"kernel", i32 1}""")

#!/usr/bin/env python3
"""Check that moving docs/answers.md's sections into docs/answers/<topic>.md lost and doubled nothing.

Every non-blank line of an old docs/answers.md (for example another branch's, before its new sections are moved
into the topic files) must appear in the new files as many times as in the old one, and a line the old file holds
once must sit in exactly one new file. A heading may change level. Not compared: docs/answers.md from
"## Where lexnav stands" on, and each topic file's title and note (up to its first blank line after the note).

  python3 scripts/check-docs-split.py <old answers.md> [docs/answers.md docs/answers/*.md]

Prints the count and each line that is missing or doubled; exits 1 if there is one.
"""

import collections
import glob
import os
import re
import sys

STANDS = "## Where lexnav stands"
NOTE = "Sections moved verbatim"


def norm(line):
    return re.sub(r"^#{1,6} ", "# ", line)


def moved_part(path, lines):
    if os.path.basename(path) == "answers.md":
        return lines[: lines.index(STANDS)] if STANDS in lines else lines
    if len(lines) < 3 or not lines[0].startswith("# ") or not lines[2].startswith(NOTE):
        sys.exit(f"{path}: a topic file opens with its title, a blank line and the note '{NOTE} …'")
    return lines[lines.index("", 2) :]


def main(argv):
    if not argv:
        sys.exit(__doc__)
    old = argv[0]
    new = argv[1:] or ["docs/answers.md", *sorted(glob.glob("docs/answers/*.md"))]
    before = collections.Counter(norm(x) for x in open(old, encoding="utf8").read().split("\n") if x.strip())
    per = {}
    for path in new:
        lines = open(path, encoding="utf8").read().split("\n")
        per[path] = collections.Counter(norm(x) for x in moved_part(path, lines) if x.strip())
    after = sum(per.values(), collections.Counter())
    problems = 0
    for line, n in before.items():
        if after[line] != n:
            problems += 1
            print(f"{n} in the old file, {after[line]} in the new ones: {line[:100]}")
        elif n == 1 and sum(1 for c in per.values() if c[line]) != 1:
            problems += 1
            print(f"in more than one new file: {line[:100]}")
    extra = sum(n for line, n in after.items() if line not in before)
    kept = sum(n for line, n in before.items() if after[line] == n)
    print(f"{sum(before.values())} non-blank lines in {old}; {kept} in the new files as often; {problems} problems")
    print(f"{extra} non-blank lines of the moved parts are not in the old file")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

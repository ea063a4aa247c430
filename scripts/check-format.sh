#!/usr/bin/env bash
# Fails, naming the files, when a Swift file differs from what the toolchain's swift-format makes of it with the
# repository's .swift-format. Generated models are the generator's output (`codegen --check` covers them).
# To fix: scripts/check-format.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git ls-files -z '*.swift' | grep -zv '/Generated/' > "$scratch/files"
if [ "${1:-}" = "--fix" ]; then
    xargs -0 swift format --in-place --parallel --configuration .swift-format < "$scratch/files"
    exit 0
fi
xargs -0 cp --parents -t "$scratch" < "$scratch/files"
(cd "$scratch" && xargs -0 swift format --in-place --parallel --configuration "$OLDPWD/.swift-format" < files)
status=0
while IFS= read -r -d '' file; do
    if ! cmp -s "$file" "$scratch/$file"; then echo "not formatted: $file"; status=1; fi
done < "$scratch/files"
[ $status -eq 0 ] && echo "all $(tr -cd '\0' < "$scratch/files" | wc -c) Swift files are formatted"
exit $status

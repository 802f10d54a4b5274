# Run at compile time by a row of an organiser's languages table (`/bin/sh {source}`): leaves
# nested folders of 255-byte names in its build folder, as deep as its shell can go (15 or 16,
# near PATH_MAX), deeper than any path the judge copies.
cd "${0%/*}" || exit 1
name=$(printf 'd%.0s' $(seq 255))
for level in $(seq 16); do
  mkdir "$name" && cd "$name" || exit 0
done
echo deep > leaf

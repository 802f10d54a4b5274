# Writes a config of config/ as an install holds it: the paths of the checkout's bots and
# sources, relative to the config's folder (`../build/players/…`, `../build/more-players/…`,
# `../build/lamistra-players/…`, `../build/susan-players/…`, `../players/…`), become those of the
# install (`../mazes/…` is the install's already), its comments name the installed
# docs (`docs/…`, `config/*.md`), and its header says how to run it from there. Run when installing
# (scripts/packaging/CMakeLists.txt), when the install's prefix is known (`cmake --install --prefix P`,
# cpack's /usr).
# Usage: cmake -DINPUT=config/x.ini -DOUTPUT=FILE -DCONFIG_DIR=DIR -DPLAYERS_DIR=DIR
#              -DMORE_PLAYERS_DIR=DIR -DLAMISTRA_PLAYERS_DIR=DIR -DSUSAN_PLAYERS_DIR=DIR -DSOURCES_DIR=DIR
#              -DDOC_DIR=DIR -P installed-config.cmake
#        (absolute DIRs)
file(READ ${INPUT} text)
get_filename_component(name ${INPUT} NAME)
string(REPLACE "../build/players/" "${PLAYERS_DIR}/" text "${text}")
string(REPLACE "../build/more-players/" "${MORE_PLAYERS_DIR}/" text "${text}")
string(REPLACE "../build/lamistra-players/" "${LAMISTRA_PLAYERS_DIR}/" text "${text}")
string(REPLACE "../build/susan-players/" "${SUSAN_PLAYERS_DIR}/" text "${text}")
# A source path (`python3 ../players/python/amazes_bot.py`, "the runtimes of players/README.md").
string(REPLACE "../players/" "${SOURCES_DIR}/" text "${text}")
string(REGEX REPLACE "(^|[ =\n])players/" "\\1${SOURCES_DIR}/" text "${text}")
string(REPLACE "--config config/" "--config ${CONFIG_DIR}/" text "${text}")
string(REGEX REPLACE "([ (])config/([A-Za-z_-]+\\.md)" "\\1${DOC_DIR}/config/\\2" text "${text}")
string(REGEX REPLACE "([ (])docs/" "\\1${DOC_DIR}/docs/" text "${text}")
string(REPLACE "(build first: scripts/build). " "" text "${text}")
if(text MATCHES "(^|[ =\n/])build/")
  message(FATAL_ERROR "${INPUT}: a path into the build tree is left in the installed copy")
endif()
file(WRITE ${OUTPUT} "# As installed: its paths are this install's, written when it was installed.\n${text}")

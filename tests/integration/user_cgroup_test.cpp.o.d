/work/main/tests/integration/user_cgroup_test.cpp.o: \
 /work/main/tests/integration/user_cgroup_test.cpp \
 /usr/include/stdc-predef.h /usr/include/gtest/gtest.h /usr/include/pwd.h \
 /usr/include/features.h /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /usr/include/x86_64-linux-gnu/bits/types/FILE.h /usr/include/unistd.h \
 /usr/include/c++/12/algorithm /usr/include/c++/12/filesystem \
 /usr/include/c++/12/string \
 /work/main/include/amazes/arbiter/match_log.hpp \
 /usr/include/c++/12/optional /usr/include/c++/12/string_view \
 /usr/include/nlohmann/json.hpp \
 /work/main/include/amazes/arbiter/match_record.hpp \
 /usr/include/c++/12/array /usr/include/c++/12/cstdint \
 /usr/include/c++/12/map /usr/include/c++/12/utility \
 /usr/include/c++/12/vector \
 /work/main/include/amazes/arbiter/match_settings.hpp \
 /usr/include/c++/12/cstddef /usr/include/c++/12/span \
 /usr/include/c++/12/variant \
 /work/main/include/amazes/arbiter/sandbox_settings.hpp \
 /usr/include/x86_64-linux-gnu/sys/types.h \
 /work/main/include/amazes/game.hpp \
 /work/main/include/amazes/knowledge.hpp \
 /work/main/include/amazes/direction.hpp \
 /work/main/include/amazes/maze.hpp /work/main/include/amazes/view.hpp \
 /work/main/src/arbiter/process/cgroup_hierarchy.hpp \
 /work/main/tests/support/files.hpp /usr/include/c++/12/fstream \
 /usr/include/c++/12/sstream /usr/include/c++/12/stdexcept \
 /work/main/tests/support/match_fixture.hpp \
 /usr/include/x86_64-linux-gnu/sys/wait.h /usr/include/c++/12/cerrno \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++config.h \
 /usr/include/errno.h /work/main/include/amazes/arbiter/match.hpp \
 /usr/include/c++/12/functional \
 /work/main/include/amazes/arbiter/game_setup.hpp \
 /work/main/include/amazes/maze_io.hpp \
 /work/main/include/amazes/replay.hpp /usr/include/c++/12/concepts \
 /usr/include/c++/12/ranges /work/main/include/amazes/starts.hpp \
 /work/main/include/amazes/random.hpp \
 /usr/include/c++/12/initializer_list /usr/include/c++/12/random \
 /usr/include/c++/12/cmath /usr/include/c++/12/bits/cpp_type_traits.h \
 /usr/include/c++/12/ext/type_traits.h /usr/include/math.h \
 /usr/include/c++/12/bits/std_abs.h /usr/include/c++/12/cstdlib \
 /usr/include/c++/12/iosfwd /usr/include/c++/12/limits \
 /usr/include/c++/12/debug/debug.h /usr/include/c++/12/type_traits \
 /usr/include/c++/12/bits/random.h \
 /usr/include/c++/12/bits/uniform_int_dist.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/opt_random.h \
 /usr/include/c++/12/bits/random.tcc /usr/include/c++/12/numeric \
 /work/main/tests/support/run.hpp /usr/include/fcntl.h \
 /usr/include/x86_64-linux-gnu/bits/fcntl.h \
 /usr/include/x86_64-linux-gnu/bits/fcntl-linux.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_iovec.h \
 /usr/include/linux/falloc.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timespec.h \
 /usr/include/x86_64-linux-gnu/bits/stat.h /usr/include/c++/12/cstdio \
 /usr/include/stdio.h /work/main/tests/support/sandbox_offer.hpp \
 /usr/include/c++/12/set /work/main/src/arbiter/sandbox/sandbox.hpp \
 /usr/include/c++/12/memory \
 /work/main/src/arbiter/process/launch_spec.hpp \
 /work/main/src/arbiter/process/process_control.hpp /usr/include/time.h \
 /usr/include/c++/12/chrono /work/main/src/arbiter/sandbox/isolation.hpp \
 /work/main/src/arbiter/sandbox/child_limits.hpp \
 /usr/include/x86_64-linux-gnu/sys/resource.h \
 /usr/include/x86_64-linux-gnu/bits/resource.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timeval.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_rusage.h \
 /work/main/src/arbiter/sandbox/player_files.hpp \
 /work/main/src/arbiter/sandbox/path_resolution.hpp

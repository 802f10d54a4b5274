/work/main/tests/integration/versus_kill_resume_test.cpp.o: \
 /work/main/tests/integration/versus_kill_resume_test.cpp \
 /usr/include/stdc-predef.h /usr/include/gtest/gtest.h \
 /usr/include/fcntl.h /usr/include/features.h \
 /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/include/x86_64-linux-gnu/bits/fcntl.h \
 /usr/include/x86_64-linux-gnu/bits/fcntl-linux.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_iovec.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /usr/include/linux/falloc.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timespec.h \
 /usr/include/x86_64-linux-gnu/bits/stat.h /usr/include/signal.h \
 /usr/include/x86_64-linux-gnu/sys/wait.h /usr/include/unistd.h \
 /usr/include/c++/12/chrono /usr/include/c++/12/set \
 /usr/include/c++/12/thread /usr/include/nlohmann/json.hpp \
 /work/main/include/amazes/random.hpp /usr/include/c++/12/cstdint \
 /usr/include/c++/12/initializer_list /usr/include/c++/12/random \
 /usr/include/c++/12/cmath \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++config.h \
 /usr/include/c++/12/bits/cpp_type_traits.h \
 /usr/include/c++/12/ext/type_traits.h /usr/include/math.h \
 /usr/include/c++/12/bits/std_abs.h /usr/include/c++/12/cstdlib \
 /usr/include/c++/12/string /usr/include/c++/12/iosfwd \
 /usr/include/c++/12/limits /usr/include/c++/12/debug/debug.h \
 /usr/include/c++/12/type_traits /usr/include/c++/12/bits/random.h \
 /usr/include/c++/12/vector /usr/include/c++/12/bits/uniform_int_dist.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/opt_random.h \
 /usr/include/c++/12/bits/random.tcc /usr/include/c++/12/numeric \
 /work/main/tests/support/files.hpp /usr/include/c++/12/algorithm \
 /usr/include/c++/12/filesystem /usr/include/c++/12/fstream \
 /usr/include/c++/12/sstream /usr/include/c++/12/stdexcept \
 /work/main/tests/support/run.hpp /usr/include/c++/12/array \
 /usr/include/c++/12/cstdio /usr/include/stdio.h \
 /work/main/tests/support/tournament_helpers.hpp /usr/include/c++/12/map \
 /usr/include/c++/12/string_view \
 /work/main/include/amazes/arbiter/match_settings.hpp \
 /usr/include/c++/12/cstddef /usr/include/c++/12/optional \
 /usr/include/c++/12/span /usr/include/c++/12/variant \
 /work/main/include/amazes/arbiter/sandbox_settings.hpp \
 /usr/include/x86_64-linux-gnu/sys/types.h \
 /work/main/include/amazes/game.hpp /usr/include/c++/12/utility \
 /work/main/include/amazes/knowledge.hpp \
 /work/main/include/amazes/direction.hpp \
 /work/main/include/amazes/maze.hpp /work/main/include/amazes/view.hpp \
 /work/main/include/amazes/competition/results_store.hpp \
 /usr/include/c++/12/memory \
 /work/main/include/amazes/competition/competition.hpp \
 /work/main/include/amazes/arbiter/match_record.hpp \
 /work/main/include/amazes/competition/player_policy.hpp \
 /usr/include/c++/12/tuple \
 /work/main/include/amazes/competition/match_row.hpp \
 /work/main/include/amazes/arbiter/match_log.hpp \
 /work/main/include/amazes/competition/players.hpp \
 /work/main/include/amazes/competition/ranking.hpp \
 /work/main/include/amazes/competition/stages.hpp \
 /work/main/include/amazes/competition/tournament.hpp \
 /usr/include/c++/12/functional \
 /work/main/include/amazes/competition/executor.hpp \
 /work/main/include/amazes/competition/competition_driver.hpp \
 /work/main/include/amazes/competition/match_pool.hpp \
 /work/main/include/amazes/arbiter/match.hpp \
 /work/main/include/amazes/arbiter/game_setup.hpp \
 /work/main/include/amazes/competition/competition_request.hpp \
 /work/main/include/amazes/competition/game_plan.hpp \
 /work/main/include/amazes/competition/prepared_run.hpp \
 /work/main/include/amazes/competition/output_lock.hpp \
 /work/main/include/amazes/competition/schedule.hpp \
 /work/main/include/amazes/competition/match_source.hpp \
 /work/main/include/amazes/competition/pairing.hpp \
 /work/main/include/amazes/competition/standings.hpp \
 /work/main/include/amazes/competition/versus_stats.hpp \
 /work/main/include/amazes/competition/stats_sample.hpp \
 /work/main/include/amazes/competition/stats_sprt.hpp \
 /work/main/include/amazes/competition/tournament_setup.hpp \
 /work/main/include/amazes/files/zstd_text.hpp \
 /work/main/include/amazes/report/standings_files.hpp \
 /work/main/include/amazes/report/standings_tables.hpp \
 /work/main/include/amazes/competition/rank_certainty.hpp \
 /work/main/tests/support/fake_match.hpp /usr/include/c++/12/atomic

#include "sandbox/seccomp_filter.hpp"

#include <cstddef>

namespace amazes::assets {
// Written when the judge is built (src/arbiter/seccomp_generator/generate_seccomp_filter.cpp).
extern const unsigned char kBotSeccompProgram[];
extern const std::size_t kBotSeccompProgramSize;
extern const unsigned char kBotSeccompBehindFrontProgram[];
extern const std::size_t kBotSeccompBehindFrontProgramSize;
extern const unsigned char kFutexWaitFrontProgram[];
extern const std::size_t kFutexWaitFrontProgramSize;
extern const char* const kBotSeccompDenied[];
extern const std::size_t kBotSeccompDeniedCount;
}  // namespace amazes::assets

namespace amazes::arbiter {

const SeccompFilter& bot_seccomp_filter() {
  static const SeccompFilter filter{
      {assets::kBotSeccompProgram, assets::kBotSeccompProgram + assets::kBotSeccompProgramSize},
      {assets::kBotSeccompBehindFrontProgram,
       assets::kBotSeccompBehindFrontProgram + assets::kBotSeccompBehindFrontProgramSize},
      {assets::kFutexWaitFrontProgram, assets::kFutexWaitFrontProgram + assets::kFutexWaitFrontProgramSize},
      {assets::kBotSeccompDenied, assets::kBotSeccompDenied + assets::kBotSeccompDeniedCount}};
  return filter;
}

}  // namespace amazes::arbiter

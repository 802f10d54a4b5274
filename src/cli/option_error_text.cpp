#include "option_error_text.hpp"

#include <map>

namespace amazes::cli {

namespace po = boost::program_options;

namespace {

// The substitutions are protected in error_with_option_name; a pointer to the member, formed
// in a derived class, reaches them on a copy of the error without changing Boost.
struct SubstitutionAccess : po::error_with_option_name {
  static std::map<std::string, std::string>& of(po::error_with_option_name& error) {
    return error.*(&SubstitutionAccess::m_substitutions);
  }
};

std::string without_percent(const std::string& text) {
  std::string out;
  for (const char c : text) out += c == '%' ? std::string("\\x25") : std::string(1, c);
  return out;
}

}  // namespace

std::string option_error_text(const po::error& error) {
  const auto* named = dynamic_cast<const po::error_with_option_name*>(&error);
  if (named == nullptr) return error.what();
  // A copy keeps the message template and the substitutions, all what() uses.
  po::error_with_option_name copy = *named;
  for (auto& [name, value] : SubstitutionAccess::of(copy)) value = without_percent(value);
  return copy.what();
}

}  // namespace amazes::cli

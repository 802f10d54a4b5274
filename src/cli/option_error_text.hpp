#pragma once
// The one-line message of a Boost.Program_options error, safe for any value a user gave.
#include <string>

#include <boost/program_options/errors.hpp>

namespace amazes::cli {

// error.what(), except that a '%' in a value or option name the error quotes is shown as
// `\x25`: Boost builds the message by replacing each %name% placeholder until none is left, so
// a value holding its own placeholder ("--rounds %value%", or `rounds = %value%` in a config
// file) was replaced for ever and the judge hung, its memory growing without end.
std::string option_error_text(const boost::program_options::error& error);

}  // namespace amazes::cli

// parse/json_cv.hpp — a .json file to profiles, whatever schema it follows.
//
// cvsearch's own profile JSON (an object of its fields, an array of them, JSON
// Lines) and JSON Resume are read by their strict readers; any other JSON
// object, and a file one of them refuses for its shape, is read generically
// (readers::read_any_json) and its free-text entries go through the text
// extractor. Only malformed JSON is an error; comments and trailing commas,
// which some generators write, are forgiven.
#pragma once

#include <string_view>
#include <vector>

#include "cvsearch/profile.hpp"

namespace cvsearch {

/// Reads `utf8` as the detected JSON `format` (json_resume, profile_json or
/// json); `format` is set to the reader that actually gave the profiles.
std::vector<Profile> read_json_cv(std::string_view utf8, std::string_view name, Format& format);

}  // namespace cvsearch

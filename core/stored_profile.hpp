// core/stored_profile.hpp — reading back the profile JSON stored in each index
// document, on the hot path of every search hit.
#pragma once

#include <string>
#include <string_view>

#include "cvsearch/profile.hpp"

namespace cvsearch {

/// Decodes the document data the indexer wrote (to_json of a Profile) with
/// simdjson: about ten times faster than profile_from_json, which was most of
/// the cost of building a highlighted hit. The result equals
/// profile_from_json(data, origin) for every input: anything the fast path does
/// not take as written by to_json (a number where a string is expected, a year
/// as text, an unknown kind, malformed JSON) is handed to profile_from_json,
/// which also gives the errors. `data` is taken by value: it gets padded.
Profile profile_from_stored_json(std::string data, std::string_view origin = {});

}  // namespace cvsearch

// parse/readers/json_util.hpp — safe JSON parsing for the structured readers.
//
// nlohmann::json parses recursively, so a file of 100000 '[' would overflow the
// stack; check_depth() refuses such input with a cheap iterative scan first.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace cvsearch::readers::json_util {

/// The deepest nesting cvsearch accepts; real profiles need fewer than 10 levels.
constexpr std::size_t kMaxDepth = 512;

/// Throws Error(parse, name, "JSON nested deeper than 512 levels ...") when
/// arrays/objects in `text` nest deeper than kMaxDepth. Strings are skipped.
void check_depth(std::string_view text, std::string_view name);

/// check_depth, then parse. A syntax error throws Error(parse, name, "malformed
/// JSON at line L, column C: ...").
nlohmann::ordered_json parse(std::string_view text, std::string_view name);

/// `text` without // and /* */ comments and without commas before a closing
/// bracket or brace (outside strings): what JSON5-minded generators leave in
/// files that are JSON otherwise.
std::string without_comments_and_trailing_commas(std::string_view text);

/// "at line L, column C" for a byte offset into `text`.
std::string position(std::string_view text, std::size_t byte);

}  // namespace cvsearch::readers::json_util

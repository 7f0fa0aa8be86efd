// parse/extract/chars.hpp — code-point level helpers for the extractor.
//
// CV text is UTF-8 with names and places in every script; decisions such as
// "is this word capitalized?" must look at code points, not bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cvsearch::extract::chars {

/// Decodes the code point at s[i] and advances i; invalid bytes yield U+FFFD.
char32_t next(std::string_view s, std::size_t& i);
/// The first code point of s (0 for an empty string).
char32_t first(std::string_view s);
/// The last code point of s and its byte offset (0 for an empty string).
char32_t last(std::string_view s, std::size_t* offset = nullptr);
void append(std::string& out, char32_t c);

bool is_letter(char32_t c);
bool is_upper(char32_t c);
bool is_lower(char32_t c);
bool is_digit(char32_t c);  ///< ASCII digits only: years and numbers in CVs are ASCII
bool is_space(char32_t c);
/// Han, Hiragana, Katakana, Hangul: scripts written without spaces between words.
bool is_cjk(char32_t c);

/// Number of letters, and of upper-case letters, in s.
std::size_t count_letters(std::string_view s);
std::size_t count_upper(std::string_view s);
bool has_digit(std::string_view s);
/// Words separated by spaces or tabs.
std::size_t count_words(std::string_view s);
bool has_cjk(std::string_view s);

/// "JAE-WON" -> "Jae-Won", "O'DONNELL" -> "O'Donnell", "MCNAMARA" -> "Mcnamara".
std::string title_case(std::string_view word);

/// Dashes of every kind (-, ‐, ‑, ‒, –, —, −) as one ASCII '-'.
std::string unify_dashes(std::string_view s);

}  // namespace cvsearch::extract::chars

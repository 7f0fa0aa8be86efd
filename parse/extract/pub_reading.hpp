// parse/extract/pub_reading.hpp — one bibliography entry read into title, authors and the rest (internal).
//
// An entry is read by the first layout that fits:
//   1. lines of their own: title, then an author line (maybe ending in the venue);
//   2. a quoted title: Authors. "Title." Venue, Year;
//   3. lines of their own: authors, then the title, then the venue;
//   4. an author list in front: Authors. Title. Venue, Year (also APA
//      "Doe, J. (2019). Title. Journal, 12" and "Doe, J., 2019. Title.");
//   5. a title in front: Title, Authors, Venue, Year;
//   6. title and venue lines without authors;
//   7. otherwise the first sentence is the title and the rest the venue.
// A venue tag in front ("[SOSP '23] Title", "MLSys 2026* Title", "SIGMOD'26"
// on a line above) is taken off before.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::extract {

struct Reading {
    std::string title;
    std::vector<std::string> authors;
    std::string rest;                     ///< text after title and authors: venue, year, notes
    std::vector<std::string> rest_lines;  ///< the same, line by line, when the entry had line structure
    std::optional<int> year;              ///< a year tied to the author list (APA)
    std::string status;                   ///< "submitted", "in press": written instead of the year
};

Reading read_entry(const std::vector<std::string>& lines, const std::string& text);

struct Tagged {
    std::string tag;   ///< "SOSP '23"
    std::string rest;  ///< the line after the tag
};
/// A venue tag at the start of a line: "[SOSP '23] ...", "MLSys 2026* ...", "SOSP 2021: ...".
std::optional<Tagged> find_tag(std::string_view line);
/// Short, with a year, "arXiv", a submission status or a known venue.
bool tag_like(std::string_view chunk);

/// The title without quotes, trailing punctuation and acceptance statistics.
std::string clean_title(std::string_view t);

struct Quote {
    std::size_t open, close;  ///< byte offsets of the quote characters
    std::size_t close_len;
};
/// The first quoted span of at least three words: "double", “curly” or ‘single curly’ quotes.
std::optional<Quote> find_quote(std::string_view s);

bool mentions_arxiv(std::string_view s);

}  // namespace cvsearch::extract

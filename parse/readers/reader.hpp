// parse/readers/reader.hpp — format readers: bytes in, text or profiles out.
//
// Free-form formats (text, Markdown, LaTeX, HTML, PDF) are reduced to one common
// light-markup form, TextDocument, so that one extractor serves them all:
//   - UTF-8, '\n' line ends, no control characters;
//   - a heading is a line of its own starting with "# " ("# Publications"); Markdown
//     and HTML keep their level ("## Experience", then "### Acme Corp" for an entry),
//     and LaTeX writes "## " for \subsection: the extractor keeps an unknown
//     sub-heading inside its section;
//   - a list item starts with "- " (bullets, \item, <li>, numbered entries keep
//     their number after the dash: "- 1. Authors. Title. Venue, 2021.");
//   - paragraphs are separated by blank lines.
// Structured formats (JSON Resume, profile JSON) become Profiles directly.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cvsearch/profile.hpp"

namespace cvsearch::readers {

struct TextDocument {
    std::string text;                      ///< the light-markup text described above
    std::string name_hint;                 ///< a name stated by metadata: \name{}, front matter, <title>
    std::vector<std::string> email_hints;  ///< mailto: links, \email{}, front matter
    std::string homepage_hint;             ///< \homepage{}, front matter "website"
    /// The source lines that set a span in bold, with the spans kept as **...**
    /// (Markdown), one per line: where a CV marks its owner in author lists.
    std::string emphasized;
    /// Texts an HTML page marks as venues (`<span class="paper-venue">Journal of X</span>`),
    /// as they stand in `text`: a news item's "accepted by X" names a venue the tables
    /// may not know.
    std::vector<std::string> venue_hints;
    /// Texts an HTML page sets in italics (<i>, <em>, <cite>), short and on one line, as
    /// they stand in `text`: in "Authors, Title, <i>Journal</i>, 12, 2026" the italic
    /// part after the title is the venue.
    std::vector<std::string> italics;
};

/// Bytes of any encoding to well-formed UTF-8: a UTF-8 BOM is dropped, UTF-16 with
/// a BOM is converted, valid UTF-8 is kept; otherwise a charset the file declares
/// (<meta charset>, encoding=, \usepackage[..]{inputenc}) is used when it is one CVs
/// are written in (UTF-16/32, ISO-8859-x, Windows-125x, KOI8, Shift_JIS, EUC-JP/KR,
/// GB2312/GBK/GB18030, Big5 and the like), any other declared name means UTF-8 with
/// repair, and no declaration means Windows-1252. Linear in the input's size.
std::string decode_to_utf8(std::string_view bytes);

TextDocument read_text(std::string_view utf8);
TextDocument read_markdown(std::string_view utf8);
TextDocument read_latex(std::string_view utf8);
TextDocument read_html(std::string_view utf8);
/// Extracts the text of a PDF with poppler-cpp, then reads it as text. Throws
/// cvsearch::Error(parse) for an unreadable, encrypted or text-less PDF, and
/// Error(too_large) as soon as the pages extracted hold more than
/// `max_text_bytes` of text (the rest is not extracted).
TextDocument read_pdf(std::string_view bytes, std::string_view name,
                      std::size_t max_text_bytes = static_cast<std::size_t>(-1));

/// The message of the Error(too_large) for a profile whose text is `bytes`
/// long, over `limit` (ParseOptions::max_text_bytes); `where` says where a
/// reader stopped early (" after page 3 of 90").
inline std::string text_too_large_message(std::size_t bytes, std::size_t limit, std::string_view where = {}) {
    return "its text is " + std::to_string(bytes) + " bytes" + std::string(where) + ", over the limit of " +
           std::to_string(limit) +
           " bytes of text per profile (a small file can expand to much more text than its size); split it or "
           "raise the limit (--max-text-size)";
}

/// JSON Resume (https://jsonresume.org/schema) -> one profile. Throws Error(parse).
Profile read_json_resume(std::string_view utf8, std::string_view name);
/// Profile JSON: one object, an array of objects, or JSON Lines. Throws Error(parse).
std::vector<Profile> read_profile_json(std::string_view utf8, std::string_view name);
/// One profile JSON object (the caller knows the text is one well-formed object).
Profile read_profile_object(std::string_view utf8, std::string_view name);

/// What a JSON CV in a schema of its own gives: the fields its keys name
/// (`profile`: name, affiliations, publications, skills, interests, awards and a
/// section per part), and `free_text`: the entries written as free text
/// ("Doe, J. Title. Venue, 2021."), as light markup for the text extractor.
struct JsonCv {
    Profile profile;
    TextDocument free_text;
};

/// Any JSON object read by key names and value shapes ("profile",
/// "personal_info", "papers", "employment" with "employer" or "company", "year" or
/// "startDate", ...). Never rejects a well-formed file for its shape; throws
/// Error(parse) only for malformed JSON.
JsonCv read_any_json(std::string_view utf8, std::string_view name);

/// Whether a JSON key names a part of a CV, by the vocabulary read_any_json reads
/// keys with: the person ("basics", "profile", "personal_info", "contact") or a
/// section ("work", "education", "papers", "Publications"). A key that names
/// neither ("cv", "resume", "data") and holds a whole CV alone is a wrapper.
/// ("data" is a section's list of items inside a section object, {"title":
/// "Publications", "data": [...]}; that use is the reader's, not this question's.)
bool is_cv_part_key(std::string_view key);

}  // namespace cvsearch::readers

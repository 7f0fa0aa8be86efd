// cvsearch/parse.hpp — turning CV files into structured profiles.
//
//   auto profiles = cvsearch::parse_file("cv.pdf");   // throws cvsearch::Error
//
// The format is chosen by extension and confirmed by sniffing the content
// (a ".txt" that holds JSON Resume is read as JSON Resume). Text is decoded as
// UTF-8; Latin-1 / Windows-1252 is detected and converted; invalid bytes are
// replaced, never fatal. Extraction finds sections, the name, contacts,
// affiliations and publications; normalization maps institution and venue
// spellings to canonical values (data/institutions.tsv, data/venues.tsv).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cvsearch/profile.hpp"

namespace cvsearch {

struct ParseOptions {
    /// Force a format instead of detecting it.
    std::optional<Format> format;
    /// Files larger than this are refused with ErrorCode::too_large.
    std::uintmax_t max_file_bytes = 32u * 1024u * 1024u;
    /// A profile whose text is larger than this is refused with
    /// ErrorCode::too_large: the text a PDF (or any reader) extracts, or the
    /// strings of one profile in a JSON file. A small file can expand to much
    /// more text than its size (a 318 KB PDF gave 8 MB), and indexing takes
    /// about 50 bytes of memory per byte of text, so this bounds the memory
    /// and time one profile can take (4 MiB: about 200 MB and 10 s). A PDF's
    /// extraction stops at the first page past the limit.
    std::uintmax_t max_text_bytes = 4u * 1024u * 1024u;
};

/// Reads and parses one file. Most formats hold one profile; profile JSON may
/// hold an array or JSON Lines, hence the vector. Each profile's id is the
/// file's stem (or the id the JSON gives); the indexer replaces it with the path
/// relative to its root.
///
/// Throws cvsearch::Error naming the file: io (unreadable), too_large, parse
/// (e.g. malformed JSON, a PDF without text).
std::vector<Profile> parse_file(const std::filesystem::path& file, const ParseOptions& options = {});

/// Parses bytes already in memory; `name` is used for format detection (by its
/// extension) and in error messages.
std::vector<Profile> parse_bytes(std::string_view bytes, std::string_view name,
                                 const ParseOptions& options = {});

/// Detects the format of a file from its name and first bytes.
Format detect_format(std::string_view name, std::string_view bytes);

/// True for file names the indexer picks up when it walks a directory
/// (.txt .md .markdown .tex .html .htm .pdf .json .jsonl).
bool is_profile_file_name(std::string_view name);

/// Canonical venue for a raw venue string ("SOSP '23" -> "SOSP"), or the cleaned
/// raw text when the venue is not in the table.
std::string normalize_venue(std::string_view raw);
/// Canonical institution for a raw name ("The University of Michigan" -> "University of Michigan").
std::string normalize_institution(std::string_view raw);

}  // namespace cvsearch

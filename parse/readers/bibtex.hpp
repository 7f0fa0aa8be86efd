// parse/readers/bibtex.hpp — a LaTeX CV's publications kept in a BibTeX file.
//
// Many LaTeX CVs do not write their publications out: they cite them from a .bib
// file next to the .tex,
//
//   \section{Publications}  \nocite{*}  \printbibliography[type=article]
//   \bibliography{mypapers}            (BibTeX;  \addbibresource{mypapers.bib} for biblatex)
//   \nobibliography{mypapers} ... \bibentry{key}   (one entry written in place)
//
// with_bibliography() reads the .bib files such a CV names (relative to the CV's
// folder, ".bib" added where missing) and writes the entries into the LaTeX source
// as an ordinary list, "\item Authors. \emph{Title}. Venue, Year.", where the CV
// prints its bibliography (\printbibliography or \bibliography{}), or in place of each
// \bibentry{key}. All entries for \nocite{*}; otherwise the keys the CV cites
// (\nocite, \cite and its variants, \bibentry, \fullcite). Only files in the CV's
// folder or below are read (no absolute path, no "..", no symbolic link leading out).
// Bounded: at most
// kMaxBibFiles files of kMaxBibBytes each and kMaxBibEntries entries; a missing or
// unreadable file is skipped (the CV is read without it).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::readers {

inline constexpr std::size_t kMaxBibFiles = 8;
inline constexpr std::size_t kMaxBibBytes = 4u << 20;
inline constexpr std::size_t kMaxBibEntries = 2000;

struct BibEntry {
    std::string type;  ///< "article", "inproceedings", ... (lower case)
    std::string key;
    std::vector<std::pair<std::string, std::string>> fields;  ///< name (lower case), value without its outer braces

    /// The value of field `name`, "" if absent.
    std::string_view field(std::string_view name) const;
};

/// The entries of BibTeX source `bib` (@string abbreviations expanded; @comment,
/// @preamble skipped), at most `max_entries`.
std::vector<BibEntry> parse_bibtex(std::string_view bib, std::size_t max_entries = kMaxBibEntries);

/// One entry as a LaTeX list item body: "Ann Author, Bo Writer. \emph{Title}. Venue, 2021."
std::string bib_entry_as_latex(const BibEntry& entry);

/// `tex` with the entries of the .bib files it names (found in `folder`) written in
/// as a list where the CV prints them; `tex` itself when it names none or none is found.
std::string with_bibliography(std::string_view tex, const std::filesystem::path& folder);

}  // namespace cvsearch::readers

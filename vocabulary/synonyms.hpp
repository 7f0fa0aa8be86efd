// vocabulary/synonyms.hpp — the domain synonym table (data/synonyms.tsv).
//
// File format: one group per line, `key<TAB>form|form|...`; '#' starts a comment
// line; blank lines are skipped. Every form of a line (the key included) means
// the same thing. Forms may have several words ("machine learning").
//
// Xapian synonym values must be single indexed terms, so each line becomes one
// *concept term*, "XC" + the key's folded words joined by '_' ("XCml"). The
// indexer adds the concept term wherever one of the line's forms occurs in the
// text (word by word, after folding), and every folded form is a synonym key
// whose value is that concept term. A query for "ml" therefore becomes
// `ml SYNONYM XCml` and finds "machine learning", and "machine learning" becomes
// `(machin AND learn) SYNONYM XCml` and finds "ML". A form listed on several
// lines belongs to all of their concepts.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cvsearch::analysis {

class SynonymTable {
  public:
    /// One form: its folded words, and the concept terms it stands for.
    struct Form {
        std::vector<std::string> words;
        std::vector<std::string> concepts;
    };

    /// Parses the TSV text; malformed lines (no tab, empty forms) are skipped.
    static SynonymTable parse(std::string_view tsv);
    /// The table compiled into the library (cvsearch::data::synonyms_tsv()).
    static const SynonymTable& builtin();

    /// Forms whose first word is `first_word` (folded), longest first.
    const std::vector<const Form*>& forms_starting_with(std::string_view first_word) const;

    /// The concept terms of a form given as folded words; empty if it is no form.
    std::vector<std::string> concepts_of(const std::vector<std::string>& words) const;

    /// Every form of a concept term (for highlighting).
    std::vector<std::vector<std::string>> forms_of(std::string_view concept_term) const;

    /// (key, concept term) pairs for Xapian's synonym table; keys are the folded
    /// words of a form joined by single spaces.
    std::vector<std::pair<std::string, std::string>> entries() const;

    std::size_t size() const noexcept { return forms_.size(); }

  private:
    std::vector<Form> forms_;
    std::unordered_map<std::string, std::vector<const Form*>> by_first_word_;
};

}  // namespace cvsearch::analysis

// parse/normalize/registry.hpp — the registry tables (data/registry/), read in place.
//
// tools/build_registry_tables.py turns public registries (ROR, university domains,
// JabRef journal abbreviations, CCF, ACL, IEEE) into two files per table, embedded in
// the library as they are:
//
//   entries  one entity per line, tab-separated fields (institutions: canonical, kind,
//            country, city, domains '|'; venues: canonical, kind, full name)
//   keys     "key<TAB>flag<TAB>entry,entry..." sorted by the key's bytes; a key is a name
//            as text::fold_key folds it; flag A = only acronyms give this key, N = a name;
//            an entry is the byte offset of its line in the entries file
//
// Nothing is parsed up front: the table notes one key line per 16 KB (one page read in
// four), a lookup bisects those, then the lines of one block, and reads the entry lines
// it names, so a process touches only the pages it looks at. A key that names
// several entries is ambiguous; resolve() picks one from a CV's context (its e-mail
// domains, the places its affiliation text names) or none.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::normalize {

class RegistryTable {
  public:
    /// `entries` and `keys` must outlive the table (embedded bytes do).
    RegistryTable(std::string_view entries, std::string_view keys);

    struct Hit {
        bool acronym_only = false;          ///< flag A: match only text written as an acronym
        std::vector<std::uint32_t> entries; ///< line offsets, ascending; more than one = ambiguous
    };
    /// The entries a folded key names ("heidelberg university"), if any.
    std::optional<Hit> find(std::string_view folded_key) const;

    /// The tab-separated fields of the entry at line offset `entry` (views into the
    /// embedded bytes); empty if no entry line starts there.
    std::vector<std::string_view> fields(std::uint32_t entry) const;
    /// The first field of an entry (its canonical value), empty if there is none.
    std::string_view canonical(std::uint32_t entry) const;
    /// The number of entries (counts the lines: for tests and statistics).
    std::size_t size() const;

  private:
    static constexpr std::size_t kBlock = 16384;
    bool is_entry(std::uint32_t offset) const;
    std::string_view key_at(std::size_t line) const;

    std::string_view entries_, keys_;
    std::vector<std::uint32_t> samples_;  ///< a line start in every kBlock bytes of keys_
};

/// What a CV says about where its author is: e-mail domains ("cs.ucl.ac.uk") and text
/// that may name cities and countries (the affiliation lines, folded by text::fold_key).
struct RegistryContext {
    std::vector<std::string> email_domains;
    std::string folded_text;
};

/// The registry tables compiled into the library (data/registry/).
const RegistryTable& registry_institutions();
const RegistryTable& registry_venues();

/// True if `text` (any case, accents, punctuation) is the city of some organization
/// of the institution registry ("Santander", "Krakow", "Sunnyvale"): a place, when a
/// CV puts it where an institution would be. The set of cities is built on the first
/// call, in one pass over the entries (a few milliseconds).
bool is_registry_city(std::string_view text);

/// Country names by ISO 3166-1 alpha-2 code (data/registry/countries.tsv), folded keys.
std::vector<std::string> country_keys(std::string_view code);

/// The one institution among `candidates` the context points to: its full name written
/// elsewhere in the CV counts most, then an e-mail domain at its web domain, then its
/// city, then its country named in the text.
/// None when nothing points to any of them, or to two with different canonical values.
/// A single candidate needs the evidence too (an acronym the registry gives one
/// organization may still mean another: a CV's "RIVS" need not be a Korean institute).
/// `asked` is the folded name looked up ("airc"): a full name equal to it is no evidence.
std::optional<std::uint32_t> resolve_institution(const std::vector<std::uint32_t>& candidates,
                                                  const RegistryContext& context, std::string_view asked);

}  // namespace cvsearch::normalize

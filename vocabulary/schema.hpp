// vocabulary/schema.hpp — the index schema: every term prefix, value slot and
// metadata key the indexer writes and the searcher reads. One header, so that
// the two sides cannot disagree. Bump `version` whenever anything here changes
// meaning; the searcher refuses an index with another version
// (ErrorCode::index_incompatible) and asks for a rebuild.
//
// One Xapian document per researcher profile.
//
// TERMS (all words are folded first: Unicode case folding + accents stripped,
// see vocabulary/analyzer.hpp; "Z" + prefix + stem is the stemmed form that
// Xapian's TermGenerator adds next to every word)
//
//   prefix  kind        what                                     query syntax
//   ------  ----------  ---------------------------------------  ---------------------
//   Q       boolean     the profile id (id_term below)            (none; by id lookup)
//   (none)  free text   everything searchable, weighted by wdf    plain words
//   XN      free text   name parts, name initials                 name:
//   XA      free text   affiliation text, every affiliation       affiliation: (words)
//   XJ      free text   current institutions' text (canonical     institution: (words)
//                       and as written)
//   XW      free text   publication venues (canonical and raw)    venue: (words)
//   XT      free text   publication titles                        title:
//   XK      free text   research interests                        interest:
//   XS      free text   skills                                    skill:
//   XI      boolean     current institution, canonical,           institution:, filters
//                       fold_key()ed (Facets::institution)
//   XH      boolean     every institution of the affiliation      affiliation:, filters
//                       history, canonical, fold_key()ed
//   XV      boolean     canonical venue, fold_key()ed             venue:, filters
//   XY      boolean     publication year, 4 digits ("XY2019")     year:2019, year:A..B
//   XC      free text   synonym concept ("XCml"), unprefixed      via the synonym table
//   XP      boolean     two adjacent common words ("XPdeep       phrases of two common
//                       learning"), vocabulary/pair_terms.hpp       words (searcher/pair_query)
//   XQ      boolean     an acronym the profile defines, short     via the synonym table
//                       form then long form ("XQsdn software      (vocabulary/acronyms.hpp)
//                       defined networking")
//
// Prefixed field terms are only lower-case words after the prefix, so the
// upper-case prefixes can never be confused with each other ("XIstanford" vs
// "XN..."). Boolean facet terms are cut to max_term_bytes.
//
// Free-text weights (wdf per occurrence, unprefixed copy / field copy):
//   name 4/1, interests 3/1, publication titles 3/1, headline 2, affiliations 2/1 (+ XJ 1
//   for the current ones),
//   skills 1/1, awards 1, venues 1/1, every section's text 1 (2 for the person's
//   own statement of their work: summary, interests and research sections;
//   statement_section_weight).
// See docs/ranking.md for why.
//
// POSITIONS (for phrase and NEAR queries) are stored for the section texts
// and the XN, XT, XK and XS copies (name:"...", title:"..." and so on). Not
// for XA, XJ and XW: institution:, affiliation: and venue: look their words up with AND
// (searcher/query_builder.cpp), never as a phrase (9% of the index: 184 ->
// 167 MB for 10,000 generated profiles). Not for an unprefixed field copy
// whose words a section text holds in the same order (indexer/phrase_cover.hpp):
// every phrase it could match, the section matches too. Sections are indexed
// first for that; phrases never span two texts (position_gap).
//
// VALUE SLOTS
//
//   slot             content                                          encoding
//   ---------------  -----------------------------------------------  -------------------
//   latest_year      the latest publication year                      sortable_serialise
//   pub_count        number of publications                           sortable_serialise
//   profile_id       the profile id, verbatim                         raw UTF-8
//   content_hash     what the profile was extracted from:            raw
//                    extraction_key(source file's XXH3-128 hex)
//   source_path      the source file's path as walked (root/rel)      raw UTF-8
//   prior            static rank prior in [0, 1] (evidence, recency)  sortable_serialise
//   hit_display      what a hit shows without decoding the profile:   vocabulary/hit_display.hpp
//                    its name and result card (institution, position,
//                    years, publication count, top venues)
//   institution+i    institution facet value #i, i < institution_slots display string
//   affiliation+i    affiliation facet value #i, i < affiliation_slots display string
//   venue+i          venue facet value #i, i < venue_slots             display string
//   year+i           publication year #i (latest first), i < year_slots "2019"
//   person           the person key: the id of the representative file   raw UTF-8
//                    of the person's files (empty for a file that is
//                    the only one of its person; Xapian never collapses
//                    documents with an empty key)
//   person_files     every file of the person (ids, sorted, separated by  raw UTF-8
//                    person_files_separator), empty like person
//
// Multi-valued facets use one slot per value (value #i in slot base+i, never the
// same value twice in one document) so that stock Xapian::ValueCountMatchSpy,
// one per slot with the counts summed, counts them, also over remote shards.
// A profile with more values than slots keeps the extra values as boolean terms
// (filters work) but they are not counted.
//
// content_hash holds the file's hash plus the extractor's revision, so that a
// nightly run after an upgrade of cvsearch (new extraction rules or tables)
// parses every file again instead of keeping what the old version extracted.
//
// person and person_files are written by the writer at each commit, after
// the documents (indexer/person_groups.hpp: files with the same name and a
// shared e-mail address, homepage or publications are one person). They are
// additive: an index written before them has none, and is searched without
// collapsing until a writer of this version commits to it (the first one
// groups the whole index, meta_person_groups records that it did).
//
// hit_display is absent from indexes written before it was added, and holds
// only name and institution in those written before the card: the searcher
// then decodes the document data, with the same result (no version bump).
//
// DOCUMENT DATA: the compact JSON of the profile (cvsearch::to_json(p, -1)),
// read back with profile_from_json for display and highlighting.
//
// METADATA: meta_schema (= version), meta_built_at (ISO 8601 UTC of the last
// commit), meta_library_version, meta_profile_count, meta_compacted_bytes:
// the generation's size on disk right after Xapian compacted it (absent if it
// never was), the baseline of IndexWriter::growth(), and meta_pair_words: the
// common words whose adjacent pairs every document has an XP term for, one per
// line, chosen when the index was built (absent: the index has no XP terms;
// indexes written before pair terms existed lack it and keep working),
// meta_person_groups (see the person slots).
//
// SPELLING: every unprefixed word (TermGenerator::FLAG_SPELLING).
// SYNONYMS: from data/synonyms.tsv. Every form of a line (single or multi-word,
// folded) is a synonym key whose value is the line's concept term "XC<key>";
// the indexer adds that concept term wherever a form occurs in the text, so
// "ml" finds "machine learning" and back (see vocabulary/synonyms.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <xapian.h>

#include "cvsearch/searcher.hpp"

namespace cvsearch::schema {

/// 2: the institution facet holds the current institutions; the affiliation
/// history moved to its own facet (XH, affiliation slots) and XJ was added.
inline constexpr std::string_view version = "2";

// ---- term prefixes ----------------------------------------------------------
inline constexpr std::string_view id_prefix = "Q";
inline constexpr std::string_view name_prefix = "XN";
inline constexpr std::string_view affiliation_prefix = "XA";
inline constexpr std::string_view venue_text_prefix = "XW";
inline constexpr std::string_view title_prefix = "XT";
inline constexpr std::string_view interest_prefix = "XK";
inline constexpr std::string_view skill_prefix = "XS";
inline constexpr std::string_view current_institution_prefix = "XJ";
inline constexpr std::string_view institution_facet_prefix = "XI";
inline constexpr std::string_view affiliation_facet_prefix = "XH";
inline constexpr std::string_view venue_facet_prefix = "XV";
inline constexpr std::string_view year_facet_prefix = "XY";
inline constexpr std::string_view concept_prefix = "XC";
inline constexpr std::string_view pair_prefix = "XP";
inline constexpr std::string_view acronym_prefix = "XQ";

/// True for a free-text word without a prefix: folded words never start with an
/// upper-case letter, and every prefix does.
constexpr bool unprefixed(std::string_view term) { return !term.empty() && !(term[0] >= 'A' && term[0] <= 'Z'); }

/// Glass refuses terms over 245 bytes; keep a margin.
inline constexpr std::size_t max_term_bytes = 240;
/// Ids longer than this are hashed in the Q term.
inline constexpr std::size_t max_plain_id_bytes = 200;

// ---- field weights (wdf per occurrence) --------------------------------------
inline constexpr unsigned name_weight = 4;
inline constexpr unsigned interest_weight = 3;
inline constexpr unsigned title_weight = 3;
inline constexpr unsigned headline_weight = 2;
inline constexpr unsigned affiliation_weight = 2;
inline constexpr unsigned skill_weight = 1;
inline constexpr unsigned award_weight = 1;
inline constexpr unsigned section_weight = 1;
/// A section where the person says what they work on (a summary or "about",
/// research interests, a research statement) counts like the headline.
inline constexpr unsigned statement_section_weight = 2;
/// The wdf per occurrence of a section's text, by its kind (Section::kind).
constexpr unsigned section_weight_of(std::string_view kind) {
    return kind == "summary" || kind == "interests" || kind == "research" ? statement_section_weight : section_weight;
}
/// Gap in term positions between separate texts, so phrases never span two titles.
inline constexpr unsigned position_gap = 100;

/// A hash of the readers', extractors' and normalizer's sources, of the
/// compiled-in tables and of the document builder with the analysis it uses
/// (generated at build time by cmake/extractor_revision.cmake; the list is in
/// CMakeLists.txt). A new revision makes the next sync rewrite every file.
std::string_view extractor_revision();
/// "<content hash>+x<extractor_revision()>": equal only for the same file read by
/// the same extraction code and tables and written by the same document builder.
std::string extraction_key(std::string_view content_hash);

// ---- value slots ---------------------------------------------------------------
inline constexpr Xapian::valueno latest_year_slot = 0;
inline constexpr Xapian::valueno pub_count_slot = 1;
inline constexpr Xapian::valueno profile_id_slot = 2;
inline constexpr Xapian::valueno content_hash_slot = 3;
inline constexpr Xapian::valueno source_path_slot = 4;
inline constexpr Xapian::valueno prior_slot = 5;
inline constexpr Xapian::valueno hit_display_slot = 6;
/// The person key (Enquire::set_collapse_key) and the person's files.
inline constexpr Xapian::valueno person_slot = 7;
inline constexpr Xapian::valueno person_files_slot = 8;
/// Separates the ids of person_files_slot (ids never hold control characters).
inline constexpr char person_files_separator = '\x1F';
/// Separates the fields of hit_display_slot (vocabulary/hit_display.hpp).
inline constexpr char hit_display_separator = '\x1F';

inline constexpr Xapian::valueno institution_slot_base = 10;
inline constexpr Xapian::valueno institution_slots = 8;
inline constexpr Xapian::valueno venue_slot_base = 20;
inline constexpr Xapian::valueno venue_slots = 32;
inline constexpr Xapian::valueno year_slot_base = 60;
inline constexpr Xapian::valueno year_slots = 40;
inline constexpr Xapian::valueno affiliation_slot_base = 100;
inline constexpr Xapian::valueno affiliation_slots = 12;

// ---- metadata keys -----------------------------------------------------------
inline constexpr std::string_view meta_schema = "cvsearch.schema";
inline constexpr std::string_view meta_built_at = "cvsearch.built_at";
inline constexpr std::string_view meta_library_version = "cvsearch.library_version";
inline constexpr std::string_view meta_profile_count = "cvsearch.profile_count";
inline constexpr std::string_view meta_compacted_bytes = "cvsearch.compacted_bytes";
inline constexpr std::string_view meta_pair_words = "cvsearch.pair_words";
/// "1" once a writer has grouped every file of the index into persons (the
/// person slots); absent in indexes written before persons existed.
inline constexpr std::string_view meta_person_groups = "cvsearch.person_groups";

/// The facets the index counts. Kept in sync with cvsearch::Facet (searcher.hpp).
enum class FacetKind { institution, affiliation, venue, year };

struct FacetSchema {
    std::string_view term_prefix;
    Xapian::valueno slot_base;
    Xapian::valueno slot_count;
};

constexpr FacetSchema facet_schema(FacetKind kind) {
    switch (kind) {
        case FacetKind::institution: return {institution_facet_prefix, institution_slot_base, institution_slots};
        case FacetKind::affiliation: return {affiliation_facet_prefix, affiliation_slot_base, affiliation_slots};
        case FacetKind::venue: return {venue_facet_prefix, venue_slot_base, venue_slots};
        case FacetKind::year: break;
    }
    return {year_facet_prefix, year_slot_base, year_slots};
}

/// The unique id term: "Q" + id, or "Q#" + XXH3-128 hex of the id when the id
/// is longer than max_plain_id_bytes (ids never start with '#').
std::string id_term(std::string_view id);

/// The boolean filter term of a facet value: prefix + fold_key(value) for
/// institutions, affiliations and venues ("XIuniversity of michigan"), prefix + the number for
/// years ("XY2019"); cut to max_term_bytes at a UTF-8 boundary.
/// Values must already be canonical (normalize_venue / normalize_institution).
std::string facet_term(FacetKind kind, std::string_view canonical_value);

/// The index's facet for a public cvsearch::Facet.
constexpr FacetKind facet_kind(Facet facet) noexcept {
    switch (facet) {
        case Facet::institution: return FacetKind::institution;
        case Facet::affiliation: return FacetKind::affiliation;
        case Facet::venue: return FacetKind::venue;
        case Facet::year: break;
    }
    return FacetKind::year;
}

/// `s` cut to at most `max_bytes` without splitting a UTF-8 sequence.
std::string_view utf8_prefix(std::string_view s, std::size_t max_bytes);

}  // namespace cvsearch::schema

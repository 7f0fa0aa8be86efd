// tests/searcher/fixtures.hpp — a small index of FICTIONAL researchers for the
// index and search tests. Every person, title and sentence here is invented.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cvsearch/indexer.hpp"
#include "cvsearch/parse.hpp"
#include "cvsearch/profile.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/test_util.hpp"

namespace cvsearch::testing {

inline Publication pub(std::string title, std::string venue, std::optional<int> year) {
    Publication p;
    p.title = std::move(title);
    p.venue_raw = venue;
    p.venue = std::move(venue);
    p.year = year;
    p.kind = PublicationKind::conference;
    return p;
}

inline Affiliation aff(std::string institution, AffiliationKind kind, std::string role, int start, bool current) {
    Affiliation a;
    a.institution_raw = institution;
    a.institution = std::move(institution);
    a.kind = kind;
    a.role = std::move(role);
    a.start_year = start;
    a.current = current;
    return a;
}

inline Section section(std::string heading, std::string kind, std::string text) { return {std::move(heading), std::move(kind), std::move(text)}; }

/// The bundled sample profiles (data/profiles), as the indexer reads them.
inline std::vector<Profile> bundled_profiles() {
    std::vector<Profile> v;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(source_dir() / "data" / "profiles"))
        if (entry.is_regular_file())
            for (auto& p : parse_file(entry.path())) v.push_back(std::move(p));
    return v;
}

/// Six invented researchers; see each comment for what they exercise.
inline std::vector<Profile> fixture_profiles() {
    std::vector<Profile> v;
    {  // hyphenated given name, fault tolerance in titles (hyphenated), KAIST, SOSP '23
        Profile p;
        p.id = "kaist/jae-won-chung";
        p.name = "Jae-Won Chung";
        p.headline = "Ph.D. candidate, KAIST";
        p.interests = {"fault tolerance", "distributed systems", "pipeline parallelism"};
        p.affiliations = {aff("KAIST", AffiliationKind::education, "Ph.D. in Computer Science", 2019, true)};
        p.publications = {pub("Tessera: Fault-Tolerant Pipeline Training on Heterogeneous GPUs", "SOSP", 2023),
                          pub("Lazy Replicas: Cheap Consensus for Edge Clusters", "OSDI", 2021)};
        p.skills = {"C++", "Rust"};
        p.sections = {section("", "", "Jae-Won Chung\nKAIST, Daejeon"),
                      section("Research", "research", "I build fault-tolerant training systems for large models.")};
        p.source.content_hash = "h1";
        v.push_back(p);
    }
    {  // accents (Kostić, Zürich), fault tolerance in most titles
        Profile p;
        p.id = "eth/marta-kostic";
        p.name = "Marta Kostić";
        p.headline = "Senior Scientist, ETH Zürich";
        p.interests = {"HPC resilience", "checkpointing"};
        p.affiliations = {aff("ETH Zürich", AffiliationKind::work, "Senior Scientist", 2018, true)};
        p.publications = {pub("Fault Tolerance for Exascale Checkpointing", "SC", 2022),
                          pub("Resilient Collective Communication", "PPoPP", 2019),
                          pub("Silent Data Corruption in Fault Tolerant Solvers", "DSN", 2020)};
        p.sections = {section("Research", "research", "Based in Zürich, I study the fault tolerance of HPC applications.")};
        v.push_back(p);
    }
    {  // fault tolerance ONLY once, in the skills list; many publications (higher prior)
        Profile p;
        p.id = "industry/daniel-ode";
        p.name = "Daniel Ode";
        p.headline = "Research Scientist, Google";
        p.interests = {"recommender systems", "machine learning"};
        p.affiliations = {aff("Google", AffiliationKind::work, "Research Scientist", 2019, true)};
        p.skills = {"Python", "fault tolerance", "TensorFlow"};
        p.sections = {section("Skills", "skills", "Python, fault tolerance, TensorFlow")};  // repeats the list
        p.publications = {pub("Deep Ranking Models for Feeds", "KDD", 2024), pub("Embedding Tables at Scale", "RecSys", 2023),
                          pub("Counterfactual Evaluation of Rankers", "KDD", 2022), pub("Sequential Recommendation", "WWW", 2021),
                          pub("Position Bias in Carousels", "RecSys", 2020), pub("Cold Start Recommendation", "KDD", 2019)};
        v.push_back(p);
    }
    {  // same surname, another hyphenated name; storage; KAIST; SOSP 2019
        Profile p;
        p.id = "kaist/min-jun-chung";
        p.name = "Min-Jun Chung";
        p.headline = "Assistant Professor, KAIST";
        p.interests = {"storage systems"};
        p.affiliations = {aff("KAIST", AffiliationKind::work, "Assistant Professor", 2020, true),
                          aff("Google", AffiliationKind::work, "Software Engineer", 2016, false)};  // a past job
        p.affiliations.back().end_year = 2020;
        p.publications = {pub("Log-Structured Storage for Zoned SSDs", "FAST", 2024),
                          pub("Crash Consistency in Persistent Memory", "SOSP", 2019)};
        v.push_back(p);
    }
    {  // apostrophe AND hyphen in the surname, possessive; "machine learning" spelled out
        Profile p;
        p.id = "umich/sean-oreilly";
        p.name = "Sean O'Reilly-Park";
        p.interests = {"machine learning for databases"};
        p.affiliations = {aff("University of Michigan", AffiliationKind::work, "Associate Professor", 2017, true)};
        p.publications = {pub("Learned Query Optimization with Machine Learning", "SIGMOD", 2021)};
        p.sections = {section("Awards", "awards", "O'Reilly-Park's group won a best paper award.")};
        v.push_back(p);
    }
    {  // "ML" abbreviation only; markup in CV text (HTML escaping)
        Profile p;
        p.id = "epfl/ana-ruiz";
        p.name = "Ana Ruiz";
        p.interests = {"ML", "privacy"};
        p.affiliations = {aff("EPFL", AffiliationKind::work, "Postdoc", 2023, true)};
        p.publications = {pub("Private Federated Training", "ICML", 2025)};
        p.sections = {section("Talks", "talks", "Talk: <script>alert('x')</script> & \"quotes\" on ML privacy")};
        v.push_back(p);
    }
    return v;
}

/// Writes the fixture profiles into a fresh index under `dir` and returns its path.
inline std::filesystem::path build_fixture_index(const TempDir& dir) {
    auto db = dir / "index.db";
    IndexWriter writer(db, WriterOptions{false, 2025});
    for (const auto& p : fixture_profiles()) writer.put(p);
    writer.commit();
    return db;
}

/// The fixture index after one more commit that removes the profile `id`:
/// its docid stays, without values or terms.
inline std::filesystem::path build_fixture_index_without(const TempDir& dir, const std::string& id) {
    auto db = build_fixture_index(dir);
    IndexWriter writer(db, WriterOptions{false, 2025});
    REQUIRE(writer.remove(id));
    writer.commit();
    return db;
}

/// Calls f(docids, facets) for every subset of the docids 1..last (ascending)
/// and every non-empty set of facets: the exhaustive checks of the facet table.
template <class F>
void for_each_docids_and_facets(unsigned last, F&& f) {
    for (unsigned subset = 0; subset < (1u << last); ++subset) {
        std::vector<unsigned> docids;
        for (unsigned d = 1; d <= last; ++d)
            if (subset & (1u << (d - 1))) docids.push_back(d);
        const unsigned n = static_cast<unsigned>(all_facets().size());
        for (unsigned mask = 1; mask < (1u << n); ++mask) {
            std::vector<Facet> facets;
            for (unsigned i = 0; i < n; ++i)
                if (mask & (1u << i)) facets.push_back(all_facets()[i]);
            f(docids, facets);
        }
    }
}

/// Ids of the hits, in rank order.
inline std::vector<std::string> ids(const SearchResults& r) {
    std::vector<std::string> out;
    for (const auto& h : r.hits) out.push_back(h.id);
    return out;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

/// Position of `id` in the hits, or hits.size() when absent.
inline std::size_t rank_of(const SearchResults& r, const std::string& id) {
    for (std::size_t i = 0; i < r.hits.size(); ++i)
        if (r.hits[i].id == id) return i;
    return r.hits.size();
}

/// The highlighted substrings of all fragments of a hit.
inline std::vector<std::string> marked(const SearchHit& hit) {
    std::vector<std::string> out;
    for (const auto& h : hit.highlights)
        for (const auto& s : h.spans) out.push_back(h.text.substr(s.begin, s.end - s.begin));
    return out;
}

/// The count `r` gives `value` in facet `f` (0 when the value is not listed).
inline std::size_t count_of(const SearchResults& r, Facet f, const std::string& value) {
    auto it = r.facets.find(f);
    if (it == r.facets.end()) return 0;
    for (const auto& v : it->second)
        if (v.value == value) return v.count;
    return 0;
}

}  // namespace cvsearch::testing

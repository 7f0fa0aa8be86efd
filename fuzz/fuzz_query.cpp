// libFuzzer target: the query path end to end — prepare_query, Xapian's
// QueryParser, the field processors, wildcard expansion, highlighting and
// spelling suggestions — on a small index of fictional researchers built once
// in a temporary directory. A query never throws for its syntax; only
// Error(usage) for a bad filter value is allowed.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include <unistd.h>

#include "cvsearch/errors.hpp"
#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "fuzz/fuzz_util.hpp"

namespace {

std::unique_ptr<cvsearch::Searcher> searcher;
std::filesystem::path index_dir;

cvsearch::Profile person(const char* id, const char* name, const char* interest, const char* institution,
                         const char* title, const char* venue, int year) {
    cvsearch::Profile p;
    p.id = id;
    p.name = name;
    p.headline = std::string("Researcher in ") + interest;
    p.interests = {interest, "distributed systems"};
    cvsearch::Affiliation a;
    a.institution_raw = institution;
    a.current = true;
    p.affiliations = {a};
    cvsearch::Publication pub;
    pub.title = title;
    pub.venue_raw = venue;
    pub.year = year;
    p.publications = {pub};
    p.sections = {{"Research", "research", std::string("I study ") + interest + " and fault-tolerant systems."}};
    return p;
}

void remove_index() {
    searcher.reset();
    std::error_code ec;
    std::filesystem::remove_all(index_dir, ec);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    char tmpl[] = "/tmp/cvsearch-fuzz-query-XXXXXX";
    if (!::mkdtemp(tmpl)) std::abort();
    index_dir = tmpl;
    {
        cvsearch::IndexWriter w(index_dir / "db");
        w.put(person("ada", "Ada Q. Lindqvist", "consensus protocols", "ETH Zürich", "Lazy Replicas for Edge Clusters",
                     "SOSP '23", 2023));
        w.put(person("jae", "Jae-Won Chung", "pipeline parallelism", "KAIST", "Tessera: Fault-Tolerant Training", "OSDI",
                     2021));
        w.put(person("mo", "Mo O'Brien-Haas", "information retrieval", "University of Michigan",
                     "Ranking CVs with BM25", "SIGIR", 2019));
        w.commit();
    }
    searcher = std::make_unique<cvsearch::Searcher>(index_dir / "db");
    std::atexit(remove_index);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    cvsearch::SearchRequest req;
    req.query.assign(reinterpret_cast<const char*>(data), size);
    // A first byte of 0x01 also uses the rest as a filter value for every facet.
    if (size > 0 && data[0] == 1) {
        for (auto f : cvsearch::all_facets()) req.filters[f] = {req.query.substr(1)};
    }
    try {
        auto r = searcher->search(req);
        for (const auto& h : r.hits)
            for (const auto& hl : h.highlights) cvsearch::fuzz::check_utf8(hl.text, "highlight");
        // The suggestion is the query with words replaced: valid UTF-8 when the query is.
        if (cvsearch::text::is_valid_utf8(req.query)) cvsearch::fuzz::check_utf8(r.suggestion, "suggestion");
    } catch (const cvsearch::Error& e) {
        if (e.code() != cvsearch::ErrorCode::usage) cvsearch::fuzz::broken(e.what());
    }
    return 0;
}

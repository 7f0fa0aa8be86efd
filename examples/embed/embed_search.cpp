// examples/embed/embed_search.cpp — cvsearch as a library: index a folder, then
// search it from several threads at once through one shared Searcher, the way a
// web backend would.
//
//   embed_search PROFILES_DIR INDEX_DIR "QUERY" [VENUE]
#include <cvsearch/cvsearch.hpp>

#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace {

// "[Fault-Tolerant] Pipeline": a highlight with its spans marked. The text is
// plain (not escaped); cvsearch::highlight_to_html gives HTML-safe markup.
std::string marked(const cvsearch::Highlight& h) {
    std::string out;
    std::size_t at = 0;
    for (const auto& span : h.spans) {
        out += h.text.substr(at, span.begin - at) + "[" + h.text.substr(span.begin, span.end - span.begin) + "]";
        at = span.end;
    }
    return out + h.text.substr(at);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: embed_search PROFILES_DIR INDEX_DIR \"QUERY\" [VENUE]\n";
        return 2;
    }
    try {
        // 1. Index (incremental: a second run only parses changed files).
        cvsearch::SyncOptions sync;
        sync.roots = {argv[1]};
        sync.db = argv[2];
        cvsearch::SyncReport report = cvsearch::index_directory(sync);
        std::cout << report.total << " profiles indexed (" << report.added << " added, " << report.failed.size()
                  << " files failed)\n";
        for (const auto& f : report.failed) std::cerr << f.path << ": " << f.reason << "\n";

        // 2. One Searcher, shared by every thread: search() is const and thread-safe,
        //    and it follows re-indexing of INDEX_DIR without being reopened.
        const cvsearch::Searcher searcher(argv[2]);
        cvsearch::SearchRequest request;
        request.query = argv[3];
        request.limit = 5;
        if (argc > 4) request.filters[cvsearch::Facet::venue] = {argv[4]};

        std::vector<cvsearch::SearchResults> answers(4);
        std::vector<std::thread> threads;
        for (auto& answer : answers) threads.emplace_back([&] { answer = searcher.search(request); });
        for (auto& t : threads) t.join();
        for (const auto& a : answers)
            if (a.total != answers[0].total) {
                std::cerr << "threads disagree\n";
                return 1;
            }

        // 3. Structured results: hits, highlight spans, facet counts.
        const cvsearch::SearchResults& results = answers[0];
        for (const std::string& w : results.warnings) std::cerr << "warning: " << w << "\n";
        std::cout << results.total << " matching profiles\n";
        for (const auto& hit : results.hits) {
            std::cout << hit.rank << ". " << hit.name << " (" << hit.institution << ") [" << hit.id << "]\n";
            for (const auto& h : hit.highlights) std::cout << "   " << h.field << ": " << marked(h) << "\n";
        }
        for (const auto& [facet, values] : results.facets) {
            std::cout << cvsearch::facet_name(facet) << ":";
            for (const auto& v : values) std::cout << " " << v.value << " (" << v.count << ")";
            std::cout << "\n";
        }
        return results.total > 0 ? 0 : 1;
    } catch (const cvsearch::Error& e) {
        // what() names the input (file, index, query) and says what to do.
        std::cerr << "embed_search: " << e.what() << " [" << cvsearch::error_code_name(e.code()) << "]\n";
        return 2;
    }
}

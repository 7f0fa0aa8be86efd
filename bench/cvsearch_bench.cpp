// cvsearch_bench — the benchmark driver for cvsearch itself (public API only).
//
//   cvsearch_bench index DIR DB        full build of DB from the CV files under DIR
//   cvsearch_bench sync DIR DB [--compact-growth X]
//                                      incremental sync of DB with DIR (after some files changed);
//                                      index_bytes is the current generation, dir_bytes all of DB
//   cvsearch_bench query DB QUERIES [--rounds 3] [--records FILE] [--times FILE] [--query-threads N] [--set KNOB=X]
//                                      --query-threads: SearcherOptions::query_threads (default 1)
//                                      --set KNOB=X: a ranking knob of SearcherOptions (proximity_weight,
//                                      prior_weight, name_weight, understood_weight), to measure its cost
//
// Unlike the peers, which index the ready-made text of corpus.jsonl, cvsearch starts from
// the CV files (Markdown, plain text, profile JSON): its build time includes reading,
// parsing, extraction and normalization; SyncReport's scan/parse/write times are printed
// so that the share of each is visible.
//
// Query modes (same protocol as the peers, bench/bench_util.hpp):
//   plain  = 10 hits, no facets, no highlights
//   facets = + counts of institution (every institution of a profile: the
//            affiliation facet, as the peers count it), venue and year (10 values each)
//   full   = + one highlighted fragment of about 200 bytes per hit
// A filter is SearchRequest::filters[facet] = {value}. cvsearch counts facets
// disjunctively (a facet's own filter does not narrow its own counts), the peers do not:
// for filtered queries the filtered facet's counts differ by design.
#include <cvsearch/cvsearch.hpp>
#include <cvsearch/indexer.hpp>
#include <cvsearch/searcher.hpp>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "bench_util.hpp"

namespace {

std::uintmax_t text_bytes_under(const std::filesystem::path& dir) {
    std::uintmax_t total = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.is_regular_file() && cvsearch::is_profile_file_name(e.path().filename().string()))
            total += e.file_size();
    return total;
}

/// The current generation's size: what the index occupies once superseded
/// generations (kept for the grace period) are gone.
std::uintmax_t current_bytes(const std::string& db) {
    const std::string gen = cvsearch::index_generation(db);
    return bench::disk_bytes(gen.empty() ? std::filesystem::path(db) : std::filesystem::path(db) / gen);
}

int cmd_sync(const std::string& dir, const std::string& db, bool full, double compact_growth, std::size_t segment_docs = 0) {
    auto t0 = bench::Clock::now();
    cvsearch::SyncOptions opt;
    opt.roots = {dir};
    opt.db = db;
    opt.full = full;
    if (compact_growth >= 0) opt.compact_growth = compact_growth;
    opt.segment_docs = segment_docs;
    cvsearch::SyncReport r = cvsearch::index_directory(opt);
    double s = bench::ms_since(t0) / 1000.0;
    const std::size_t work = full ? r.added : r.added + r.updated + r.removed;
    bench::Result res;
    res.add("engine", "cvsearch")
        .add("phase", full ? "index" : "sync")
        .add("version", cvsearch::version())
        .add("docs", static_cast<std::uintmax_t>(r.total))
        .add("files", static_cast<std::uintmax_t>(r.files))
        .add("added", static_cast<std::uintmax_t>(r.added))
        .add("updated", static_cast<std::uintmax_t>(r.updated))
        .add("unchanged", static_cast<std::uintmax_t>(r.unchanged))
        .add("removed", static_cast<std::uintmax_t>(r.removed))
        .add("failed", static_cast<std::uintmax_t>(r.failed.size()))
        .add("seconds", s)
        .add("docs_per_s", s > 0 ? static_cast<double>(full ? r.total : work) / s : 0.0)
        .add("cpu_s", bench::process_cpu_s())
        .add("scan_s", r.scan_time.count() / 1000.0)
        .add("parse_s", r.parse_time.count() / 1000.0)
        .add("write_s", r.write_time.count() / 1000.0)
        .add("compacted", static_cast<std::uintmax_t>(r.compacted))
        .add("compact_s", r.compact_time.count() / 1000.0)
        .add("index_bytes", current_bytes(db))
        .add("dir_bytes", bench::disk_bytes(db))
        .add("peak_rss_mb", bench::peak_rss_mb());
    if (full) res.add("text_bytes", text_bytes_under(dir));
    res.print();
    for (std::size_t i = 0; i < r.failed.size() && i < 5; ++i)
        std::cerr << "cvsearch_bench: failed: " << r.failed[i].path << ": " << r.failed[i].reason << "\n";
    return 0;
}

enum class Mode { plain, facets, full };

cvsearch::SearchRequest make_request(const bench::Query& q, Mode mode) {
    cvsearch::SearchRequest req;
    req.query = q.text;
    req.limit = 10;
    // The peers index every institution of a profile as one field: cvsearch's
    // counterpart is the affiliation facet (its institution facet is only where
    // people are now), so "institution" filters and counts mean that here.
    auto same_as_peers = [](cvsearch::Facet f) { return f == cvsearch::Facet::institution ? cvsearch::Facet::affiliation : f; };
    if (!q.filter_field.empty()) {
        auto facet = cvsearch::facet_from_name(q.filter_field);
        if (!facet) throw std::runtime_error("unknown facet " + q.filter_field);
        req.filters[same_as_peers(*facet)] = {q.filter_value};
    }
    req.facets = {cvsearch::Facet::affiliation, cvsearch::Facet::venue, cvsearch::Facet::year};
    if (mode == Mode::plain) req.facets.clear();
    req.facet_values = 10;
    req.highlight.enabled = mode == Mode::full;
    req.highlight.max_fragments = 1;
    req.highlight.fragment_bytes = 200;
    return req;
}

std::string marked(const cvsearch::Highlight& h) {
    std::string out;
    std::size_t at = 0;
    for (const auto& sp : h.spans) {
        out += h.text.substr(at, sp.begin - at) + "<b>" + h.text.substr(sp.begin, sp.end - sp.begin) + "</b>";
        at = sp.end;
    }
    return out + h.text.substr(std::min(at, h.text.size()));
}

int cmd_query(int argc, char** argv) {
    std::string db = argv[2], qpath = argv[3], records, times;
    int rounds = 3;
    cvsearch::SearcherOptions options;
    for (int i = 4; i + 1 < argc; i += 2) {
        std::string opt = argv[i];
        if (opt == "--rounds") rounds = std::stoi(argv[i + 1]);
        else if (opt == "--query-threads") options.query_threads = std::stoul(argv[i + 1]);
        else if (opt == "--set") {
            const std::string knob = argv[i + 1];
            const auto eq = knob.find('=');
            const std::string name = knob.substr(0, eq);
            double* target = name == "proximity_weight"    ? &options.proximity_weight
                             : name == "prior_weight"      ? &options.prior_weight
                             : name == "name_weight"       ? &options.name_weight
                             : name == "understood_weight" ? &options.understood_weight
                                                           : nullptr;
            if (!target || eq == std::string::npos) {
                std::cerr << "--set " << knob << ": give KNOB=X with KNOB one of proximity_weight, prior_weight, "
                             "name_weight, understood_weight\n";
                return 2;
            }
            *target = std::stod(knob.substr(eq + 1));
        }
        else if (opt == "--records") records = argv[i + 1];
        else if (opt == "--times") times = argv[i + 1];
        else {
            std::cerr << "unknown option " << opt << "\n";
            return 2;
        }
    }
    cvsearch::Searcher searcher(db, options);
    auto queries = bench::read_queries(qpath);
    std::vector<cvsearch::SearchRequest> req[3];
    for (const auto& q : queries)
        for (int m = 0; m < 3; ++m) req[m].push_back(make_request(q, static_cast<Mode>(m)));

    std::ofstream rec_out;
    if (!records.empty()) rec_out.open(records);
    std::uintmax_t total = 0, inexact = 0, warnings = 0;
    for (std::size_t i = 0; i < queries.size(); ++i) {  // warm-up in full mode, and the records
        cvsearch::SearchResults res = searcher.search(req[2][i]);
        total += res.total;
        inexact += !res.total_is_exact;
        warnings += !res.warnings.empty();
        if (!res.warnings.empty())
            std::cerr << "cvsearch_bench: warning for [" << queries[i].text << "]: " << res.warnings.front() << "\n";
        if (!rec_out) continue;
        bench::QueryRecord r;
        r.matches = res.total;
        for (const auto& h : res.hits) r.ids.push_back(h.id);
        auto facet = [&](cvsearch::Facet f) {
            std::vector<std::pair<std::string, std::uintmax_t>> v;
            auto it = res.facets.find(f);
            if (it != res.facets.end())
                for (const auto& fv : it->second) v.emplace_back(fv.value, fv.count);
            return v;
        };
        r.institution = facet(cvsearch::Facet::affiliation);  // as the peers count institutions
        r.venue = facet(cvsearch::Facet::venue);
        r.year = facet(cvsearch::Facet::year);
        if (!res.hits.empty() && !res.hits[0].highlights.empty()) r.snippet = marked(res.hits[0].highlights[0]);
        bench::write_record(rec_out, queries[i], r);
    }
    bench::Result out;
    out.add("engine", "cvsearch").add("phase", "query").add("queries", static_cast<std::uintmax_t>(queries.size()))
        .add("rounds", static_cast<std::uintmax_t>(rounds)).add("total_matches", total)
        .add("inexact_totals", inexact).add("queries_with_warnings", warnings)
        .add("query_threads", static_cast<std::uintmax_t>(options.query_threads));
    const char* names[] = {"plain", "facets", "full"};
    std::vector<std::vector<double>> per_query(queries.size() * 3);  // CPU ms of each round
    // With helper threads a request's CPU time is the whole process's.
    auto cpu_ms = options.query_threads > 1 ? bench::process_cpu_ms : bench::thread_cpu_ms;
    for (int m = 0; m < 3; ++m) {
        std::vector<double> ms, cpu;
        for (int r = -1; r < rounds; ++r)  // round -1: warm-up, untimed
            for (std::size_t i = 0; i < queries.size(); ++i) {
                double c0 = cpu_ms();
                auto t0 = bench::Clock::now();
                cvsearch::SearchResults res = searcher.search(req[m][i]);
                if (r >= 0) {
                    ms.push_back(bench::ms_since(t0));
                    cpu.push_back(cpu_ms() - c0);
                    per_query[i * 3 + m].push_back(cpu.back());
                }
            }
        out.add(names[m], bench::stats(ms)).add(std::string(names[m]) + "_cpu", bench::stats(cpu));
    }
    if (!times.empty()) {  // which queries are slow: kind, query, filter, then each mode's median CPU ms
        std::ofstream t(times);
        auto median = [](std::vector<double> v) {
            if (v.empty()) return 0.0;
            std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
            return v[v.size() / 2];
        };
        t << "kind\tquery\tfilter\tplain_ms\tfacets_ms\tfull_ms\n";
        for (std::size_t i = 0; i < queries.size(); ++i)
            t << queries[i].kind << '\t' << queries[i].text << '\t' << (queries[i].filter_field.empty() ? "" : queries[i].filter_field + "=" + queries[i].filter_value) << '\t' << median(per_query[i * 3])
              << '\t' << median(per_query[i * 3 + 1]) << '\t' << median(per_query[i * 3 + 2]) << '\n';
    }
    out.add("peak_rss_mb", bench::peak_rss_mb()).add("index_bytes", bench::disk_bytes(db)).print();
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        if (argc >= 4 && std::strcmp(argv[1], "index") == 0) {
            std::size_t segment_docs = 0;  // the library's default
            if (argc >= 6 && std::strcmp(argv[4], "--segment-docs") == 0) segment_docs = std::stoul(argv[5]);
            return cmd_sync(argv[2], argv[3], true, -1, segment_docs);
        }
        if (argc >= 4 && std::strcmp(argv[1], "sync") == 0) {
            double growth = -1;  // the library's default
            if (argc >= 6 && std::strcmp(argv[4], "--compact-growth") == 0) growth = std::stod(argv[5]);
            return cmd_sync(argv[2], argv[3], false, growth);
        }
        if (argc >= 4 && std::strcmp(argv[1], "query") == 0) return cmd_query(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "cvsearch_bench: " << e.what() << "\n";
        return 2;
    }
    std::cerr << "usage: cvsearch_bench index DIR DB [--segment-docs N] | sync DIR DB [--compact-growth X] | query DB QUERIES [--rounds 3] [--records FILE] [--times FILE] [--query-threads N] [--set KNOB=X]\n";
    return 2;
}

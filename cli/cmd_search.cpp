// `cvsearch search QUERY` (also the default: `cvsearch QUERY`).
#include <algorithm>
#include <iostream>
#include <memory>
#include <thread>

#include "commands.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/render.hpp"
#include "options.hpp"
#include "print.hpp"

namespace cvsearch::cli {
namespace {

struct SearchArgs {
    std::vector<std::string> words;
    std::string db;
    std::vector<std::string> venues, institutions, affiliated;
    std::string years, sort = "relevance", color = "auto";
    std::vector<std::string> facets;
    std::size_t limit = 10, offset = 0, facet_values = 10, fragments = 2;
    /// One search at a time: every core may help it (unlike `serve`, whose
    /// requests keep the cores busy on their own).
    std::size_t query_threads = std::max(1u, std::thread::hardware_concurrency());
    bool json = false, no_highlight = false, scores = false, no_facets = false, allow_partial = false;
};

SearchRequest to_request(const SearchArgs& a) {
    SearchRequest r;
    for (const auto& w : a.words) r.query += (r.query.empty() ? "" : " ") + w;
    if (!a.venues.empty()) r.filters[Facet::venue] = a.venues;
    if (!a.institutions.empty()) r.filters[Facet::institution] = a.institutions;
    if (!a.affiliated.empty()) r.filters[Facet::affiliation] = a.affiliated;
    if (!a.years.empty()) parse_year_range(a.years, r);
    r.limit = a.limit;
    r.offset = a.offset;
    r.sort = *sort_order_from_name(a.sort);
    if (a.no_facets) r.facets.clear();
    else if (!a.facets.empty()) {
        r.facets.clear();
        for (const auto& f : a.facets) r.facets.push_back(*facet_from_name(f));
    }
    r.facet_values = a.facet_values;
    r.highlight.enabled = !a.no_highlight;
    r.highlight.max_fragments = a.fragments;
    return r;
}

}  // namespace

Action add_search_command(CLI::App& app) {
    auto a = std::make_shared<SearchArgs>();
    CLI::App* cmd = app.add_subcommand("search", "Search the index (the default: `cvsearch QUERY` is `cvsearch search QUERY`)");
    cmd->footer(
        "Query syntax: words (all must match; with fewer than a page of such profiles, those\n"
        "with most words follow, marked), \"phrases\", AND OR NOT ( ), +word -word, prefix*,\n"
        "fields name: title: interest: skill:, filters venue:SOSP institution:KAIST (where\n"
        "people are now), affiliation:KAIST (now or ever), year:2019..2024 (has a publication\n"
        "in that range). A syntax error never fails the search: it is searched leniently and\n"
        "a warning is printed.\n\n"
        "Examples:\n"
        "  cvsearch \"fault tolerance\"\n"
        "  cvsearch search \"pipeline parallelism\" --venue SOSP --institution KAIST --years 2019..2024 --limit 5\n"
        "  cvsearch search 'venue:NSDI \"energy\" -blockchain' --json\n"
        "  cvsearch search --institution \"University of Michigan\"     (no query: every profile that passes)\n"
        "  cvsearch search \"compilers\" --affiliated \"Carnegie Mellon University\"   (studied or worked there)\n"
        "  cvsearch search \"consensus\" --db cluster.stub --allow-partial   (shards: docs/scale-out.md)\n\n"
        "Exit status: 0 at least one hit, 1 no hits, 2 error.");
    cmd->add_option("query", a->words, "Query words (quote phrases); may be empty when filters are given");
    add_db_option(*cmd, a->db);
    // One value per use, so that `cvsearch --venue SOSP "fault tolerance"` keeps its query.
    cmd->add_option("--venue", a->venues, "Only profiles with a publication at this venue (repeat: any of them)")
        ->allow_extra_args(false);
    cmd->add_option("--institution", a->institutions,
                    "Only people at this institution now (a current affiliation; repeat: any of them)")
        ->allow_extra_args(false);
    cmd->add_option("--affiliated", a->affiliated,
                    "Only people who studied or worked at this institution, now or before (repeat: any of them)")
        ->allow_extra_args(false);
    cmd->add_option("--years", a->years, "Only profiles with a publication in FROM..TO (FROM.. and ..TO work too)");
    cmd->add_option("--limit,-n", a->limit, "How many hits to show")->capture_default_str()->check(CLI::Range(0, 1000));
    cmd->add_option("--offset", a->offset, "Skip this many hits (paging)")->capture_default_str();
    cmd->add_option("--sort", a->sort, "Order: relevance, latest_year, publication_count")
        ->check(CLI::IsMember({"relevance", "latest_year", "publication_count"}))
        ->capture_default_str();
    cmd->add_option("--facets", a->facets, "Facets to count (default: institution affiliation venue year)")
        ->check(CLI::IsMember({"institution", "affiliation", "venue", "year"}));
    cmd->add_flag("--no-facets", a->no_facets, "Do not count facets");
    cmd->add_option("--facet-values", a->facet_values, "Values to show per facet")->capture_default_str();
    cmd->add_option("--fragments", a->fragments, "Highlighted fragments per hit (1-3)")->capture_default_str()->check(CLI::Range(1, 3));
    cmd->add_flag("--no-highlight", a->no_highlight, "Do not compute highlighted fragments");
    cmd->add_flag("--scores", a->scores, "Show each hit's relevance score");
    cmd->add_flag("--json", a->json, "Print the results as JSON (see docs/json-output.md)");
    cmd->add_flag("--allow-partial", a->allow_partial,
                  "Sharded index: when a shard does not answer, search the others (results say which shard is "
                  "missing) instead of failing");
    cmd->add_option("--query-threads", a->query_threads,
                    "Threads for this search: a large index (25,000+ profiles per thread) is searched in that many "
                    "parts at once; same results. Default: one per core (" +
                        std::to_string(a->query_threads) + " here)")
        ->check(CLI::Range(1, 256));
    add_color_option(*cmd, a->color);
    return [a, cmd]() -> int {
        if (!cmd->parsed()) return -1;
        SearchRequest request = to_request(*a);
        if (request.query.empty() && request.filters.empty() && !request.year_min && !request.year_max)
            throw Error(ErrorCode::usage, "", "nothing to search for: give a query or a filter (--venue, --institution, --affiliated, --years)");
        SearcherOptions so;
        so.allow_partial = a->allow_partial;
        so.query_threads = a->query_threads;
        Searcher searcher = open_searcher(resolve_db(a->db), so);
        SearchResults results = searcher.search(request);
        if (a->json) {
            std::cout << results_to_json(results, 2) << "\n";
        } else {
            TerminalStyle style;
            style.color = use_color(a->color);
            style.show_scores = a->scores;
            style.show_warnings = false;  // to stderr, below
            std::cout << results_to_terminal(results, style);
            print_warnings(results.warnings);
        }
        return results.total > 0 ? exit_ok : exit_no_match;
    };
}

}  // namespace cvsearch::cli

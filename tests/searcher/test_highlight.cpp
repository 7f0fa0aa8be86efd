// Highlighting: spans over stored text, stems, phrases, accents, fields, UTF-8.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include "core/text.hpp"
#include "cvsearch/parse.hpp"
#include "cvsearch/render.hpp"
#include "cvsearch/searcher.hpp"
#include "vocabulary/analyzer.hpp"
#include "searcher/highlight.hpp"
#include "searcher/query_text.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

const SearchHit& hit(const SearchResults& r, const std::string& id) {
    for (const auto& h : r.hits)
        if (h.id == id) return h;
    FAIL("no hit " << id);
    return r.hits.front();
}

SearchResults run(const Searcher& s, const std::string& q, std::size_t fragments = 3) {
    SearchRequest req;
    req.query = q;
    req.limit = 100;
    req.highlight.max_fragments = fragments;
    return s.search(req);
}

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

TEST_CASE("what gets marked, per query") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    struct Row {
        std::string query, id;
        std::vector<std::string> marked;      // must all be marked
        std::vector<std::string> not_marked;  // must not be
    };
    const std::vector<Row> rows = {
        {"fault tolerant", "eth/marta-kostic", {"Fault Tolerance", "Fault Tolerant"}, {}},      // stems, one span
        {"\"fault tolerant\"", "kaist/jae-won-chung", {"Fault-Tolerant"}, {}},                 // phrase over a hyphen
        {"zurich", "eth/marta-kostic", {"Zürich"}, {}},                                        // accents
        {"title:consensus", "kaist/jae-won-chung", {"Consensus"}, {}},                         // field-prefixed
        {"interest:storage", "kaist/min-jun-chung", {"storage"}, {"Storage"}},                 // only in its field
        {"checkp*", "eth/marta-kostic", {"Checkpointing"}, {}},                                // wildcard
        {"ML", "umich/sean-oreilly", {"Machine Learning"}, {}},                                // synonyms
        {"machine learning", "epfl/ana-ruiz", {"ML"}, {}},
        {"fault -checkpointing", "kaist/jae-won-chung", {"Fault"}, {"Checkpointing"}},
        {"reilly", "umich/sean-oreilly", {"Reilly"}, {"O'Reilly"}},                            // part of a compound
        {"o'reilly", "umich/sean-oreilly", {"O'Reilly"}, {}},                                  // the whole compound
        {"oreilly", "umich/sean-oreilly", {"O'Reilly"}, {}},                                   // joined form
    };
    for (const auto& r : rows) {
        auto res = run(s, r.query);
        auto m = marked(hit(res, r.id));
        for (const auto& want : r.marked) CHECK_MESSAGE(contains(m, want), r.query << " should mark " << want);
        for (const auto& not_want : r.not_marked) CHECK_MESSAGE(!contains(m, not_want), r.query << " should not mark " << not_want);
    }
}

TEST_CASE("fragments: field names, count limit, titles first") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    auto res = run(s, "fault tolerance", 2);
    const auto& marta = hit(res, "eth/marta-kostic");
    REQUIRE(marta.highlights.size() == 2);
    CHECK(marta.highlights[0].field == "title");
    const auto& daniel = hit(res, "industry/daniel-ode");
    REQUIRE(daniel.highlights.size() == 1);  // the skills section repeats the skills list: shown once
    CHECK(daniel.highlights[0].field == "skills");
    CHECK(daniel.highlights[0].text == "Python, fault tolerance, TensorFlow");
    res = run(s, "fault tolerance", 1);
    CHECK(hit(res, "eth/marta-kostic").highlights.size() == 1);
    SearchRequest off;
    off.query = "fault";
    off.highlight.enabled = false;
    for (const auto& h : s.search(off).hits) CHECK(h.highlights.empty());
}

TEST_CASE("spans are sorted, inside the text, on UTF-8 boundaries") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    for (const std::string q : {"zurich", "kostic fault", "jae-won chung", "ml privacy", "\"fault tolerant\"", "o'reilly"}) {
        for (const auto& h : run(s, q).hits) {
            for (const auto& hl : h.highlights) {
                CHECK(text::is_valid_utf8(hl.text));
                std::size_t prev = 0;
                for (const auto& sp : hl.spans) {
                    CHECK(sp.begin >= prev);
                    CHECK(sp.begin < sp.end);
                    CHECK(sp.end <= hl.text.size());
                    CHECK(text::is_valid_utf8(hl.text.substr(0, sp.begin)));
                    CHECK(text::is_valid_utf8(hl.text.substr(sp.begin, sp.end - sp.begin)));
                    prev = sp.end;
                }
            }
        }
    }
}

TEST_CASE("long text is cut around the match with an ellipsis, never inside a character") {
    std::string text;
    for (int i = 0; i < 30; ++i) text += "Zürich filler words here. ";
    text += "The fault tolerance part. ";
    for (int i = 0; i < 30; ++i) text += "More ÿ filler text. ";
    analysis::Analyzer a;
    search::QueryAtom atom{"", {"fault"}, false, false};
    search::Highlighter hl(a, {atom});
    auto spans = hl.spans(text, "");
    REQUIRE(spans.size() == 1);
    auto frag = search::make_fragment("research", text, spans, 80);
    CHECK(frag.text.size() <= 80 + 2 * 3);
    CHECK(frag.text.rfind("\xE2\x80\xA6", 0) == 0);  // starts with …
    CHECK(frag.text.size() >= 3);
    CHECK(frag.text.substr(frag.text.size() - 3) == "\xE2\x80\xA6");
    REQUIRE(frag.spans.size() == 1);
    CHECK(frag.text.substr(frag.spans[0].begin, frag.spans[0].end - frag.spans[0].begin) == "fault");
    CHECK(text::is_valid_utf8(frag.text));
}

TEST_CASE("HTML rendering escapes CV text, also for attributes") {
    TempDir dir;
    Searcher s(build_fixture_index(dir));
    auto res = run(s, "alert");
    const auto& ana = hit(res, "epfl/ana-ruiz");
    REQUIRE_FALSE(ana.highlights.empty());
    std::string html = highlight_to_html(ana.highlights[0]);
    CHECK(html.find("<script>") == std::string::npos);
    CHECK(html.find("&lt;script&gt;") != std::string::npos);
    CHECK(html.find("<mark>alert</mark>") != std::string::npos);
    CHECK(html.find("&#39;x&#39;") != std::string::npos);
    CHECK(html.find("&quot;quotes&quot;") != std::string::npos);
    CHECK(html.find("&amp;") != std::string::npos);
    std::string page = results_to_html(res);
    CHECK(page.find("<script>") == std::string::npos);
    CHECK(html_escape("a\"b'c<d>&") == "a&quot;b&#39;c&lt;d&gt;&amp;");
}

TEST_CASE("skipping sources that cannot change the fragments gives the same fragments") {
    // Every bundled profile against queries of one to four atoms (words,
    // phrases, fields, wildcards, synonyms, names), one to three fragments:
    // highlight() with and without skipping must agree, and skipping must
    // save work somewhere.
    const std::vector<Profile> profiles = bundled_profiles();
    REQUIRE(profiles.size() >= 30);
    const char* queries[] = {
        "systems", "energy", "consensus", "fault tolerance", "machine learning", "ML", "distributed systems",
        "\"operating systems\"", "title:consensus", "interest:security", "priv*", "memory training pipeline",
        "usenix", "google microsoft", "berkeley", "professor", "award", "thesis", "hwang", "privacy security energy fault",
        "research computer science", "zurich", "kaist", "-systems energy", "training models",
    };
    analysis::Analyzer analyzer;
    std::size_t compared = 0, with_fragments = 0, tokenized_all = 0, tokenized_skipping = 0;
    for (const char* q : queries) {
        const auto prepared = search::prepare_query(q, analyzer);
        for (std::size_t fragments = 1; fragments <= 3; ++fragments) {
            search::Highlighter skipping(analyzer, prepared.atoms), all(analyzer, prepared.atoms);
            all.skip_unreachable_sources(false);
            HighlightOptions options;
            options.max_fragments = fragments;
            for (const auto& p : profiles) {
                const std::size_t before_skipping = skipping.bytes_tokenized(), before_all = all.bytes_tokenized();
                auto a = skipping.highlight(p, options), b = all.highlight(p, options);
                if (!a.empty() && fragments == 1) {  // what a search does for a hit
                    tokenized_skipping += skipping.bytes_tokenized() - before_skipping;
                    tokenized_all += all.bytes_tokenized() - before_all;
                }
                CAPTURE(q);
                CAPTURE(p.id);
                CAPTURE(fragments);
                REQUIRE(a.size() == b.size());
                for (std::size_t i = 0; i < a.size(); ++i) {
                    CHECK(a[i].field == b[i].field);
                    CHECK(a[i].text == b[i].text);
                    CHECK(a[i].spans == b[i].spans);
                }
                ++compared;
                with_fragments += !a.empty();
            }
        }
    }
    CHECK(compared == std::size(queries) * 3 * profiles.size());
    CHECK(with_fragments > compared / 4);                  // the queries do match
    // Skipping saves work: for matching profiles and one fragment it tokenizes
    // about half of the bytes (measured 51%), skipping mostly long sections
    // after a matching title.
    CHECK(tokenized_skipping < tokenized_all * 2 / 3);
    MESSAGE("bytes tokenized for matching profiles, one fragment: " << tokenized_skipping << " of " << tokenized_all);
}

TEST_CASE("a stem cache shared by requests gives the same fragments and is emptied when over its bound") {
    const std::vector<Profile> profiles = bundled_profiles();
    REQUIRE(profiles.size() >= 30);
    const char* queries[] = {"systems", "machine learning", "distributed consensus", "privacy security energy", "training models"};
    analysis::Analyzer analyzer;
    constexpr std::size_t bound = 200;
    search::StemCache shared(bound);
    std::size_t largest = 0, compared = 0;
    for (int round = 0; round < 2; ++round)  // the second round finds the stems of the first
        for (const char* q : queries) {
            const auto prepared = search::prepare_query(q, analyzer);
            search::Highlighter with_shared(analyzer, prepared.atoms, &shared), own(analyzer, prepared.atoms);
            CHECK(shared.size() <= bound);  // a new request starts within the bound
            HighlightOptions options;
            options.max_fragments = 2;
            for (const auto& p : profiles) {
                const auto a = with_shared.highlight(p, options), b = own.highlight(p, options);
                CAPTURE(q);
                CAPTURE(p.id);
                REQUIRE(a.size() == b.size());
                for (std::size_t i = 0; i < a.size(); ++i) {
                    CHECK(a[i].text == b[i].text);
                    CHECK(a[i].spans == b[i].spans);
                }
                compared += a.size();
            }
            largest = std::max(largest, shared.size());
        }
    CHECK(compared > 0);
    CHECK(largest > bound);  // one request alone outgrew the bound, so the next ones emptied it
}

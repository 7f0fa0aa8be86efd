// The search page's files as served: no HTML sinks in the script, nothing inline
// (the CSP forbids it), every element the script looks up exists. The browser
// test (tests/e2e) checks the behaviour; these checks need no browser.
#include <doctest/doctest.h>

#include <regex>
#include <set>

#include "cvsearch/http_api.hpp"
#include "tests/web/web_fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

struct Page {
    TempDir dir;
    std::unique_ptr<Searcher> searcher;
    std::string html, js, css;
    Page() {
        build_index(dir / "db", plain_profiles());
        searcher = std::make_unique<Searcher>(dir / "db");
        HttpApi api(*searcher);
        html = api.handle({"GET", "/"}).body;
        js = api.handle({"GET", "/app.js"}).body;
        css = api.handle({"GET", "/style.css"}).body;
    }
};

/// The script with its comments removed (they may name the sinks they avoid).
std::string strip_js_comments(const std::string& js) {
    std::string out = std::regex_replace(js, std::regex(R"(/\*[\s\S]*?\*/)"), "");
    return std::regex_replace(out, std::regex(R"((^|[^:"'\\])//[^\n]*)"), "$1");
}

}  // namespace

TEST_CASE("page: the embedded files are the ones in web/assets") {
    Page p;
    CHECK(p.html == read_file(source_dir() / "web/assets/index.html"));
    CHECK(p.js == read_file(source_dir() / "web/assets/app.js"));
    CHECK(p.css == read_file(source_dir() / "web/assets/style.css"));
}

TEST_CASE("page: the script has no HTML sinks: CV text only ever goes through textContent") {
    Page p;
    std::string code = strip_js_comments(p.js);
    for (const char* sink : {"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                             "setAttribute(\"on", "createContextualFragment", "DOMParser", "srcdoc", ".src =", "javascript:"}) {
        CAPTURE(sink);
        CHECK(code.find(sink) == std::string::npos);
    }
    // Links to homepages only for http(s) URLs.
    CHECK(code.find("url.protocol === \"http:\" || url.protocol === \"https:\"") != std::string::npos);
    // Highlights are cut at the API's byte offsets (UTF-8), not at UTF-16 indices.
    CHECK(code.find("new TextEncoder()") != std::string::npos);
}

TEST_CASE("page: nothing inline (the Content-Security-Policy forbids it), nothing from another origin") {
    Page p;
    CHECK(std::regex_search(p.html, std::regex(R"(<script(?![^>]*\ssrc=)[^>]*>)")) == false);
    CHECK(p.html.find("<style") == std::string::npos);
    CHECK(p.html.find(" style=") == std::string::npos);
    CHECK(std::regex_search(p.html, std::regex(R"(\son[a-z]+=)", std::regex::icase)) == false);
    for (const std::string* text : {&p.html, &p.js, &p.css}) {
        CHECK(text->find("http://") == std::string::npos);
        CHECK(text->find("https://") == std::string::npos);
        CHECK(text->find("@import") == std::string::npos);
    }
}

TEST_CASE("page: every element id the script looks up exists in the page") {
    Page p;
    std::set<std::string> ids;
    std::regex id_attr(R"rx(\sid="([^"]+)")rx");
    for (std::sregex_iterator it(p.html.begin(), p.html.end(), id_attr), end; it != end; ++it) ids.insert((*it)[1]);
    std::regex lookup(R"rx(\$\("([^"]+)"\))rx");
    std::size_t lookups = 0;
    for (std::sregex_iterator it(p.js.begin(), p.js.end(), lookup), end; it != end; ++it) {
        ++lookups;
        CAPTURE((*it)[1].str());
        CHECK(ids.count((*it)[1]) == 1);
    }
    CHECK(lookups > 10);
    for (const char* facet : {"facet-institution", "facet-venue", "facet-year", "year-histogram", "results", "profile"})
        CHECK(ids.count(facet) == 1);
}

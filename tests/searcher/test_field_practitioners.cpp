// A field and the people who practise it are one concept (data/synonyms.tsv): a
// search for a role finds the CV that names the field, and the other way round.
// Fictional profiles.
#include <doctest/doctest.h>

#include <algorithm>

#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

Profile person(std::string id, std::string name, std::string text) {
    Profile p;
    p.id = std::move(id);
    p.name = std::move(name);
    p.sections = {section("Experience", "experience", std::move(text))};
    return p;
}

std::vector<std::string> ids(Searcher& s, const std::string& q) {
    SearchRequest req;
    req.query = q;
    std::vector<std::string> out;
    for (const auto& h : s.search(req).hits) out.push_back(h.id);
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& id) { return std::find(v.begin(), v.end(), id) != v.end(); }

}  // namespace

TEST_CASE("a role finds the field, a field finds the role") {
    TempDir dir;
    const auto db = dir / "i.db";
    {
        IndexWriter w(db, WriterOptions{false, 2025});
        w.put(person("a/ada-vell", "Ada Vell", "PhD in Statistics; survival models for clinical trials."));
        w.put(person("b/bo-carrow", "Bo Carrow", "Senior Data Scientist at a logistics firm: demand forecasting."));
        w.put(person("c/cy-ennis", "Cy Ennis", "Research Scientist, storage systems; data layout for flash."));
        w.put(person("d/di-marek", "Di Marek", "Theoretical physicist working on lattice models."));
        w.commit();
    }
    Searcher s(db);
    CHECK(has(ids(s, "statistician"), "a/ada-vell"));
    CHECK(has(ids(s, "data science"), "b/bo-carrow"));
    CHECK(ids(s, "data science").front() == "b/bo-carrow");  // the phrase's concept, above "data" + "Scientist" apart
    CHECK(has(ids(s, "physics"), "d/di-marek"));
    // "Scientist" alone is no field: "Research Scientist" is not "science".
    CHECK_FALSE(has(ids(s, "science"), "c/cy-ennis"));
}

// Vocabulary that joins two forms of one thing at search time. Acronyms defined
// in some profile ("quantum error correction (QEC)") join profiles that use only
// one of the two forms, whichever profile defined it, also after incremental
// updates and over shards; the built-in table joins a field and the people who
// practise it (data/synonyms.tsv). Fictional profiles.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "tests/searcher/fixtures.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

Profile person(std::string id, std::string name, std::string text) {
    Profile p;
    p.id = std::move(id);
    p.name = std::move(name);
    p.sections = {section("Research", "research", std::move(text))};
    return p;
}

// QEC is not in data/synonyms.tsv: only the definer can join the two forms.
Profile definer() { return person("a/ada-quill", "Ada Quill", "I design decoders for quantum error correction (QEC) codes."); }
Profile short_only() { return person("b/bo-lind", "Bo Lind", "Fast QEC decoders on FPGAs; surface codes."); }
Profile long_only() { return person("c/cy-moor", "Cy Moor", "Quantum error correction with bosonic codes and cat qubits."); }
Profile bystander() { return person("d/di-ross", "Di Ross", "Error analysis of quantum chemistry correction terms."); }

std::vector<std::string> ids(Searcher& s, const std::string& q) {
    SearchRequest req;
    req.query = q;
    std::vector<std::string> out;
    for (const auto& h : s.search(req).hits) out.push_back(h.id);
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& id) { return std::find(v.begin(), v.end(), id) != v.end(); }

/// A fresh index of `profiles` in `dir`.
fs::path index_of(const TempDir& dir, const std::vector<Profile>& profiles) {
    const auto db = dir / "i.db";
    IndexWriter w(db, WriterOptions{false, 2025});
    for (const auto& p : profiles) w.put(p);
    w.commit();
    return db;
}

}  // namespace

TEST_CASE("an acronym finds the profiles that only write its long form, and the other way round") {
    TempDir dir;
    Searcher s(index_of(dir, {definer(), short_only(), long_only(), bystander()}));
    auto acronym = ids(s, "QEC");
    CHECK(has(acronym, "c/cy-moor"));   // says only "quantum error correction"
    CHECK(has(acronym, "b/bo-lind"));
    CHECK_FALSE(has(acronym, "d/di-ross"));  // the words, but not the phrase
    auto expansion = ids(s, "quantum error correction");
    CHECK(has(expansion, "b/bo-lind"));  // says only "QEC"
    CHECK(has(expansion, "c/cy-moor"));
}

TEST_CASE("a long form with a stop word in it meets the query that drops it") {
    TempDir dir;
    Searcher s(index_of(dir, {person("a/eli-vance", "Eli Vance", "Models of the quality of experience (QoE) of video streaming."),
                              person("b/fay-noor", "Fay Noor", "QoE-aware bitrate adaptation for mobile video."),
                              person("c/gus-pell", "Gus Pell", "Experience with the quality control of video archives.")}));
    SearchRequest req;
    req.query = "quality of experience";  // searched as "quality experience": "of" is dropped
    auto r = s.search(req);
    std::vector<std::string> found;
    for (const auto& h : r.hits) found.push_back(h.id);
    CHECK(has(found, "b/fay-noor"));  // says only "QoE"
    CHECK(has(found, "a/eli-vance"));
    CHECK(r.all_words_total == 3);    // Gus has both words, apart
    CHECK(has(ids(s, "QoE"), "a/eli-vance"));
}

TEST_CASE("without a profile that defines the acronym, its two forms stay apart") {
    TempDir dir;
    const auto db = index_of(dir, {short_only(), long_only(), bystander()});
    {
        Searcher s(db);
        CHECK(ids(s, "QEC") == std::vector<std::string>{"b/bo-lind"});
        CHECK_FALSE(has(ids(s, "quantum error correction"), "b/bo-lind"));
    }
    {  // An update that adds the definer joins them for the profiles indexed before it...
        IndexWriter w(db, WriterOptions{false, 2025});
        w.put(definer());
        w.commit();
    }
    {
        Searcher s(db);
        CHECK(has(ids(s, "QEC"), "c/cy-moor"));
        CHECK(has(ids(s, "quantum error correction"), "b/bo-lind"));
    }
    {  // ...and removing it parts them again.
        IndexWriter w(db, WriterOptions{false, 2025});
        CHECK(w.remove("a/ada-quill"));
        w.commit();
    }
    Searcher s(db);
    CHECK(ids(s, "QEC") == std::vector<std::string>{"b/bo-lind"});
    CHECK_FALSE(has(ids(s, "quantum error correction"), "b/bo-lind"));
}

TEST_CASE("a sharded index joins an acronym defined in one shard with its forms in the others") {
    TempDir dir;
    const auto cvs = dir / "cvs";
    fs::create_directories(cvs);
    auto write = [&](const std::string& name, const std::string& text) { std::ofstream(cvs / name) << text; };
    write("ada-quill.txt", "Ada Quill\n\nResearch\nI design decoders for quantum error correction (QEC) codes.\n");
    write("bo-lind.txt", "Bo Lind\n\nResearch\nFast QEC decoders on FPGAs; surface codes.\n");
    write("cy-moor.txt", "Cy Moor\n\nResearch\nQuantum error correction with bosonic codes and cat qubits.\n");
    write("di-ross.txt", "Di Ross\n\nResearch\nError analysis of quantum chemistry correction terms.\n");
    SyncOptions o;
    o.roots = {cvs};
    o.db = dir / "sharded";
    o.shards = 3;
    SyncReport report = index_directory(o);
    REQUIRE(report.failed.empty());
    REQUIRE(report.total == 4);
    Searcher s(o.db);
    auto acronym = ids(s, "QEC");
    CHECK(acronym.size() == 3);
    CHECK_FALSE(has(acronym, "di-ross"));
    auto expansion = ids(s, "quantum error correction");
    CHECK(has(expansion, "bo-lind"));  // says only "QEC"
    CHECK(has(expansion, "di-ross"));  // has the three words apart
}

TEST_CASE("a role finds the field, a field finds the role") {
    TempDir dir;
    Searcher s(index_of(dir, {person("a/ada-vell", "Ada Vell", "PhD in Statistics; survival models for clinical trials."),
                              person("b/bo-carrow", "Bo Carrow", "Senior Data Scientist at a logistics firm: demand forecasting."),
                              person("c/cy-ennis", "Cy Ennis", "Research Scientist, storage systems; data layout for flash."),
                              person("d/di-marek", "Di Marek", "Theoretical physicist working on lattice models.")}));
    CHECK(has(ids(s, "statistician"), "a/ada-vell"));
    CHECK(has(ids(s, "data science"), "b/bo-carrow"));
    CHECK(ids(s, "data science").front() == "b/bo-carrow");  // the phrase's concept, above "data" + "Scientist" apart
    CHECK(has(ids(s, "physics"), "d/di-marek"));
    // "Scientist" alone is no field: "Research Scientist" is not "science".
    CHECK_FALSE(has(ids(s, "science"), "c/cy-ennis"));
}

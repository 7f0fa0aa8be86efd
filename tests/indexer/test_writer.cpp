// IndexWriter and the document schema: what ends up in the Xapian database.
#include <doctest/doctest.h>

#include <xapian.h>

#include "cvsearch/errors.hpp"
#include "cvsearch/indexer.hpp"
#include "cvsearch/parse.hpp"
#include "indexer/document_builder.hpp"
#include "vocabulary/schema.hpp"
#include "tests/searcher/fixtures.hpp"
#include "tests/test_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;

namespace {

Xapian::Document doc_of(const Xapian::Database& db, const std::string& id) {
    auto pl = db.postlist_begin(schema::id_term(id));
    REQUIRE(pl != db.postlist_end(schema::id_term(id)));
    return db.get_document(*pl);
}

bool has_term(const Xapian::Document& doc, const std::string& term) {
    auto it = doc.termlist_begin();
    it.skip_to(term);
    return it != doc.termlist_end() && *it == term;
}

}  // namespace

TEST_CASE("profile ids come from the path relative to the root") {
    struct Row {
        const char* root;
        const char* file;
        const char* id;
    };
    const Row rows[] = {
        {"cvs", "cvs/kaist/jae-won.txt", "kaist/jae-won"},
        {"cvs", "cvs/top.md", "top"},
        {"cvs", "cvs/hannah/resume.json", "hannah"},          // resume.* stands for its directory
        {"cvs", "cvs/kaist/lee.resume.json", "kaist/lee"},    // <slug>.resume.json
        {"cvs", "cvs/a/b.c.md", "a/b.c"},                     // only the last extension
        {"cvs/one.pdf", "cvs/one.pdf", "one"},                // a single file given as root
        {"cvs/", "cvs/x/y.tex", "x/y"},
    };
    for (const auto& r : rows) CHECK_MESSAGE(profile_id_for(r.root, r.file) == r.id, r.file);
}

TEST_CASE("the writer stores every schema part of a profile") {
    TempDir dir;
    auto db_path = build_fixture_index(dir);
    Xapian::Database db(db_path.string());
    CHECK(db.get_doccount() == fixture_profiles().size());
    CHECK(db.get_metadata(std::string(schema::meta_schema)) == schema::version);
    CHECK_FALSE(db.get_metadata(std::string(schema::meta_built_at)).empty());

    auto doc = doc_of(db, "kaist/jae-won-chung");
    struct Row {
        const char* term;
        bool present;
    };
    const Row rows[] = {
        {"Qkaist/jae-won-chung", true},
        {"jae", true}, {"won", true}, {"jaewon", true}, {"chung", true},  // name parts + joined compound
        {"XNjae", true}, {"XNjaewon", true}, {"XNj", true}, {"j", true},  // name field, initials
        {"XNw", false},                                                   // only a word's first part gives an initial
        {"XTtessera", true}, {"ZXTconsensus", true},                      // title field, stemmed
        {"XKfault", true}, {"XSrust", true},                              // interest, skill fields
        {"XIkaist", true}, {"XVsosp", true}, {"XVosdi", true},            // facet filter terms
        {"XY2023", true}, {"XY2021", true}, {"XY2022", false},
        {"faulttolerant", true},                                          // "Fault-Tolerant" joined
    };
    for (const auto& r : rows) CHECK_MESSAGE(has_term(doc, r.term) == r.present, r.term);

    // Positions where a phrase can ask for them; none for the words of
    // institution: and venue:, which are looked up with AND.
    auto positions = [&](const char* term) {
        return std::distance(db.positionlist_begin(doc.get_docid(), term), db.positionlist_end(doc.get_docid(), term));
    };
    CHECK(positions("jae") > 0);
    CHECK(positions("XNjae") > 0);
    CHECK(positions("XTtessera") > 0);
    CHECK(positions("XKfault") > 0);
    CHECK(positions("XSrust") > 0);
    REQUIRE(has_term(doc, "XAkaist"));
    REQUIRE(has_term(doc, "XWsosp"));
    CHECK(positions("XAkaist") == 0);
    CHECK(positions("XWsosp") == 0);

    // Facet slots: value #i in slot base+i; numbers sortable.
    CHECK(doc.get_value(schema::institution_slot_base) == normalize_institution("KAIST"));
    CHECK(doc.get_value(schema::venue_slot_base) == "SOSP");
    CHECK(doc.get_value(schema::venue_slot_base + 1) == "OSDI");
    CHECK(doc.get_value(schema::venue_slot_base + 2).empty());
    CHECK(doc.get_value(schema::year_slot_base) == "2023");  // latest first
    CHECK(doc.get_value(schema::year_slot_base + 1) == "2021");
    CHECK(Xapian::sortable_unserialise(doc.get_value(schema::latest_year_slot)) == 2023);
    CHECK(Xapian::sortable_unserialise(doc.get_value(schema::pub_count_slot)) == 2);
    CHECK(doc.get_value(schema::profile_id_slot) == "kaist/jae-won-chung");
    CHECK(doc.get_value(schema::content_hash_slot) == schema::extraction_key("h1"));
    double prior = Xapian::sortable_unserialise(doc.get_value(schema::prior_slot));
    CHECK(prior > 0.0);
    CHECK(prior <= 1.0);
    CHECK(profile_from_json(doc.get_data()).name == "Jae-Won Chung");

    // Accents folded, synonym concept added where a form occurs.
    auto marta = doc_of(db, "eth/marta-kostic");
    CHECK(has_term(marta, "kostic"));
    CHECK(has_term(marta, "zurich"));
    CHECK(has_term(marta, "XIeth zurich"));
    auto ana = doc_of(db, "epfl/ana-ruiz");
    CHECK(has_term(ana, "XCml"));
    auto sean = doc_of(db, "umich/sean-oreilly");
    CHECK(has_term(sean, "XCml"));  // "machine learning"
    CHECK(has_term(sean, "oreilly"));

    // Spelling and synonym tables.
    CHECK(db.get_spelling_suggestion("checkpointng") == "checkpointing");
    std::vector<std::string> ml(db.synonyms_begin("ml"), db.synonyms_end("ml"));
    CHECK(ml == std::vector<std::string>{"XCml"});
}

TEST_CASE("the prior grows with publications and recency") {
    Profile none, old_few, new_many;
    old_few.publications = {pub("a", "", 2000)};
    for (int i = 0; i < 30; ++i) new_many.publications.push_back(pub("t", "", 2024));
    auto prior = [](const Profile& p) { return indexing::DocumentBuilder::prior(p, 2025); };
    double p0 = prior(none), p1 = prior(old_few), p2 = prior(new_many);
    CHECK(p0 == 0.0);
    CHECK(p1 > p0);
    CHECK(p2 > p1);
    CHECK(p2 <= 1.0);
}

TEST_CASE("put replaces by id, remove deletes, commit makes it visible, no commit discards") {
    TempDir dir;
    auto db = dir / "i.db";
    auto profiles = fixture_profiles();
    {
        IndexWriter w(db);
        w.put(profiles[0]);
        w.put(profiles[0]);  // same id: replaced, not duplicated
        w.put(profiles[1]);
        CHECK(w.size() == 2);
        CHECK(w.contains("kaist/jae-won-chung"));
        w.commit();
        CHECK(w.remove("eth/marta-kostic"));
        CHECK_FALSE(w.remove("eth/marta-kostic"));
        CHECK_FALSE(w.remove("no/such"));
        w.commit();
        w.put(profiles[2]);  // never committed
    }
    IndexWriter w(db);
    auto listed = w.profiles();
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].id == "kaist/jae-won-chung");
    CHECK(listed[0].content_hash == schema::extraction_key("h1"));
}

TEST_CASE("ids longer than a Xapian term are hashed") {
    TempDir dir;
    Profile p = fixture_profiles()[0];
    p.id = std::string(300, 'x') + "/long";
    CHECK(schema::id_term(p.id).size() < 245);
    CHECK(schema::id_term(p.id) != schema::id_term(std::string(300, 'x') + "/lonG"));
    IndexWriter w(dir / "i.db");
    w.put(p);
    w.commit();
    CHECK(w.contains(p.id));
    CHECK(w.profiles().at(0).id == p.id);
}

TEST_CASE("writer errors: locked index, a folder that is not an index, empty id") {
    TempDir dir;
    IndexWriter first(dir / "i.db");
    try {
        IndexWriter second(dir / "i.db");
        FAIL("a second writer must not open");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::index_locked);
        CHECK(e.input() == (dir / "i.db").string());
    }
    write_file(dir / "cvs" / "a.md", "# A");
    try {
        IndexWriter w(dir / "cvs");
        FAIL("must refuse a folder with other files");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::usage);
    }
    Profile no_id;
    CHECK_THROWS_AS(first.put(no_id), Error);
}

// Users and content through GraphQL: the capability matrix and ownership rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { createTestApp, ROLES, type Caller, type Role, type TestApp } from '../helpers/app.ts';

let t: TestApp;
const callers = {} as Record<Role, Caller>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) callers[role] = await t.as(role);
});
afterAll(() => t?.close());

const CreateUser = graphql(`
  mutation UCCreateUser($input: CreateUserInput!) {
    createUser(input: $input) {
      password
      user {
        id
        username
        email
        roles
      }
    }
  }
`);
const SetRoles = graphql(`
  mutation UCSetRoles($id: Int!, $roles: [String!]!) {
    setUserRoles(id: $id, roles: $roles) {
      id
      roles
    }
  }
`);
const UpdateUser = graphql(`
  mutation UCUpdateUser($id: Int!, $input: UpdateUserInput!) {
    updateUser(id: $id, input: $input) {
      id
      displayName
      email
    }
  }
`);
const Users = graphql(`
  query UCUsers($role: String, $perPage: Int) {
    users(role: $role, perPage: $perPage) {
      total
      totalPages
      items {
        id
        username
      }
    }
  }
`);
const CreatePost = graphql(`
  mutation UCCreatePost($type: String, $input: PostInput!) {
    createPost(type: $type, input: $input) {
      id
      status
      authorId
      viewerCanEdit
    }
  }
`);
const UpdatePost = graphql(`
  mutation UCUpdatePost($id: Int!, $input: PostInput!) {
    updatePost(id: $id, input: $input) {
      id
      title
      status
    }
  }
`);
const Posts = graphql(`
  query UCPosts($status: PostStatus) {
    posts(status: $status, perPage: 100) {
      items {
        title
        status
      }
    }
  }
`);
const Post = graphql(`
  query UCPost($id: Int!) {
    post(id: $id) {
      id
      title
      author {
        username
      }
    }
  }
`);

describe('users', () => {
  it('create_users: only administrators; duplicate username or e-mail is 409; bad input 400', async () => {
    for (const role of ROLES) {
      const res = await t.gql(
        CreateUser,
        { input: { username: `made-by-${role}`, email: `made-by-${role}@example.com` } },
        callers[role],
      );
      if (role === 'administrator') {
        expect(res.data?.createUser.user.roles).toEqual(['subscriber']);
        expect(res.data?.createUser.password).toHaveLength(24);
      } else {
        expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'rest_forbidden', status: 403 });
      }
    }
    const admin = callers.administrator;
    const dupName = await t.gql(
      CreateUser,
      { input: { username: 'made-by-administrator', email: 'other@example.com' } },
      admin,
    );
    expect(dupName.errors?.[0]?.extensions).toMatchObject({ code: 'user_username_exists', status: 409 });
    const dupMail = await t.gql(
      CreateUser,
      { input: { username: 'someone-else', email: 'MADE-BY-administrator@example.com' } },
      admin,
    );
    expect(dupMail.errors?.[0]?.extensions).toMatchObject({ code: 'user_email_exists', status: 409 });
    const bad = await t.gql(
      CreateUser,
      { input: { username: 'bad name!', email: 'not-an-email', roles: ['wizard'] } },
      admin,
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    expect(Object.keys((bad.errors?.[0]?.extensions.data as { params: object }).params).sort()).toEqual([
      'email',
      'roles',
      'username',
    ]);
    expect(await t.platform.prisma.user.count({ where: { username: 'bad name!' } })).toBe(0);
  });

  it('promote_users sets roles; list_users lists; e-mail is visible to self and list_users only', async () => {
    const target = await t.as('subscriber');
    expect(
      (await t.gql(SetRoles, { id: target.userId, roles: ['editor'] }, callers.editor)).errors?.[0]?.extensions.status,
    ).toBe(403);
    expect(
      (await t.gql(SetRoles, { id: target.userId, roles: ['editor'] }, callers.administrator)).data?.setUserRoles.roles,
    ).toEqual(['editor']);
    const list = await t.gql(Users, { role: 'editor', perPage: 100 }, callers.administrator);
    expect(list.data?.users.items.map((u) => u.id)).toContain(target.userId);
    expect((await t.gql(Users, {}, callers.editor)).errors?.[0]?.extensions.code).toBe('rest_forbidden');

    const q = graphql(`
      query UCUserEmail($id: Int!) {
        user(id: $id) {
          email
        }
      }
    `);
    expect((await t.gql(q, { id: target.userId }, target)).data?.user.email).toBe(`${target.username}@example.com`);
    expect((await t.gql(q, { id: target.userId }, callers.author)).errors?.[0]?.extensions.status).toBe(403);
  });

  it('edit_user: yourself, or edit_users for others', async () => {
    const me = callers.subscriber;
    expect(
      (await t.gql(UpdateUser, { id: me.userId, input: { displayName: 'Sub Scriber' } }, me)).data?.updateUser
        .displayName,
    ).toBe('Sub Scriber');
    const other = await t.gql(UpdateUser, { id: callers.author.userId, input: { displayName: 'Hacked' } }, me);
    expect(other.errors?.[0]?.extensions).toMatchObject({ code: 'rest_forbidden', status: 403 });
    const missing = await t.gql(UpdateUser, { id: 99999, input: { displayName: 'x' } }, callers.administrator);
    expect(missing.errors?.[0]?.extensions).toMatchObject({ code: 'user_not_found', status: 404 });
  });
});

describe('content', () => {
  it('who may create and publish', async () => {
    const expectations: Record<Role, [boolean, boolean]> = {
      administrator: [true, true],
      editor: [true, true],
      author: [true, true],
      contributor: [true, false],
      subscriber: [false, false],
      shop_manager: [true, true],
    };
    for (const role of ROLES) {
      const [draft, publish] = expectations[role];
      const d = await t.gql(CreatePost, { input: { title: `${role} draft` } }, callers[role]);
      expect(!!d.data, `${role} draft`).toBe(draft);
      const p = await t.gql(CreatePost, { input: { title: `${role} live`, status: 'publish' } }, callers[role]);
      expect(!!p.data, `${role} publish`).toBe(publish);
    }
    const page = await t.gql(CreatePost, { type: 'page', input: { title: 'About' } }, callers.author);
    expect(page.errors?.[0]?.extensions.status).toBe(403); // authors have no edit_pages
    const badStatus = await t.gql(CreatePost, { input: { title: 'x', status: 'bogus' as never } }, callers.editor);
    expect(badStatus.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param' });
  });

  it('edit_post: an author edits own posts, an editor anyone’s; drafts are hidden from others', async () => {
    const mine = (await t.gql(CreatePost, { input: { title: 'Author draft' } }, callers.author)).data!.createPost;
    expect(mine.viewerCanEdit).toBe(true);
    const other = await t.as('author');
    expect(
      (await t.gql(UpdatePost, { id: mine.id, input: { title: 'x' } }, other)).errors?.[0]?.extensions.status,
    ).toBe(403);
    expect(
      (await t.gql(UpdatePost, { id: mine.id, input: { title: 'Edited' } }, callers.editor)).data?.updatePost.title,
    ).toBe('Edited');
    expect((await t.gql(Post, { id: mine.id }, other)).errors?.[0]?.extensions.code).toBe('post_not_found');
    expect((await t.gql(Post, { id: mine.id })).errors?.[0]?.extensions.code).toBe('post_not_found');
    expect((await t.gql(Post, { id: mine.id }, callers.author)).data?.post.author?.username).toBe(
      callers.author.username,
    );
  });

  it('slugs: the title slugified, then -2, -3… after the highest taken; longer titles sharing the prefix do not count', async () => {
    const slugOf = async (title: string, type = 'page') => {
      const id = (await t.gql(CreatePost, { type, input: { title } }, callers.editor)).data!.createPost.id;
      return (await t.platform.prisma.post.findUniqueOrThrow({ where: { id } })).slug;
    };
    expect(await slugOf('Slug Test')).toBe('slug-test');
    expect(await slugOf('Slug Test Again')).toBe('slug-test-again');
    expect(await slugOf('Slug Test 9 lives')).toBe('slug-test-9-lives');
    expect(await slugOf('Slug  test!')).toBe('slug-test-2');
    expect(await slugOf('Slug Test')).toBe('slug-test-3');
    expect(await slugOf('Slug Test', 'post')).toBe('slug-test');
    expect(await slugOf('Ünïcödé')).toBe('unicode');
  });

  it('a post status is the PostStatus enum, out and in: posts filter by it; an unknown status is refused as invalid', async () => {
    const title = 'Status enum private';
    expect(
      (await t.gql(CreatePost, { input: { title, status: 'private' } }, callers.editor)).data?.createPost,
    ).toMatchObject({
      status: 'private',
    });
    const listed = (await t.gql(Posts, { status: 'private' }, callers.editor)).data!.posts.items;
    expect(listed.find((p) => p.title === title)).toEqual({ title, status: 'private' });
    expect(listed.every((p) => p.status === 'private')).toBe(true);
    const unknown = await t.http
      .post('/graphql')
      .set(callers.editor.headers)
      .send({ query: '{ posts(status: archived) { total } }' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toMatch(/"archived" does not exist in "PostStatus" enum/);
    const byVariable = await t.gql(Posts, { status: 'archived' as never }, callers.editor);
    expect(byVariable.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
  });
});

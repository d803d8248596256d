// Every route of SPEC.md section 2 under its SPEC.md route name (names SPEC.md leaves unnamed get a
// camelCase one). Parameterised routes are functions so a link can never be built with a wrong shape;
// the router builds its patterns by calling them with ':id'.
type Id = number | string;

export const ROUTES = {
  // Public
  home: '/',
  membership: '/membership',
  SignupForm: '/signup',
  LoginForm: '/login',
  aboutUs: '/about-us',
  blogs: '/blogs',
  blogPost: (slug: string) => `/blogs/${slug}`,
  // The school's own pages (Terms, Privacy, Cookies and any it adds); About is at aboutUs.
  sitePage: (slug: string) => `/pages/${slug}`,
  AdminLogin: '/admin-login',
  payment: '/payment',
  selectPayment: (id: Id) => `/select-payment/${id}`,
  // SPEC.md shows no target for "Forgot password?"; it is a reset by mail.
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  unsubscribe: '/unsubscribe',
  // The week's classes, filterable, for visitors and learners.
  timetable: '/timetable',
  classPage: (id: Id) => `/class/${id}`,
  // The adaptive placement test, for visitors and learners.
  placementTest: '/placement-test',
  // A sponsor link: keeps the sponsor in the session (SPEC.md section 4), then shows the home page.
  sponsorLink: (urlName: string) => `/r/${urlName}`,
  // The public check of a certificate of attendance: the address printed on it.
  verifyCertificate: (code: string) => `/verify/${code}`,
  // The link in a gift's mail: its code kept through sign-in or sign-up, then redeemed.
  giftLink: (code: string) => `/gift/${code}`,

  // Admin (all require login)
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminClass: '/admin/class',
  adminClassEdit: (id: Id) => `/admin/class/${id}`,
  adminClassAdd: '/admin/class/add',
  adminScheduleAdd: '/admin/add-schedule',
  adminScheduleList: '/admin/list-schedule',
  adminScheduleEdit: (id: Id) => `/admin/edit-schedule/${id}`,
  // The class screen: details, roster, waitlist and what the school does to them (SPEC.md's class/{id}
  // is the class type's edit form, so a scheduled class has its own path).
  adminScheduleView: (id: Id) => `/admin/schedule/${id}`,
  adminStudentsList: '/admin/list-students',
  adminUserList: '/admin/list-admin',
  adminTokenList: '/admin/list-token',
  adminTokenEdit: (id: Id) => `/admin/edit-token/${id}`,
  adminSettings: '/admin/settings',
  adminPaymentList: '/admin/payment-list',
  adminSubscriptions: '/admin/subscriptions',
  adminInvoice: (id: Id) => `/admin/invoice/${id}`,
  // Screens SPEC.md does not have: add a token plan, add an admin, a learner's page.
  adminTokenAdd: '/admin/add-token',
  adminPromoCodes: '/admin/promo-codes',
  adminPromoCodeAdd: '/admin/promo-codes/add',
  adminPromoCodeEdit: (id: Id) => `/admin/promo-codes/${id}`,
  adminUserAdd: '/admin/add-admin',
  adminUserEdit: (id: Id) => `/admin/edit-admin/${id}`,
  adminSearch: '/admin/search',
  adminAuditLog: '/admin/audit-log',
  adminStudent: (id: Id) => `/admin/student/${id}`,
  // Every mail sent or, without SMTP, kept.
  adminOutbox: '/admin/outbox',
  adminOutboxMail: (id: Id) => `/admin/outbox/${id}`,
  // Enquiries from the contact form.
  adminMessages: '/admin/messages',
  // Teachers.
  adminTeacherList: '/admin/teachers',
  adminTeacherAdd: '/admin/teachers/add',
  adminTeacherEdit: (id: Id) => `/admin/teachers/${id}`,
  // Every referral, the held ones to decide, and the monthly totals.
  adminReferrals: '/admin/referrals',
  // The placement test's questions.
  adminPlacementItems: '/admin/placement-items',
  // The Site section: the hero, the FAQ, the school's pages and its blog.
  adminSite: '/admin/site',
  adminSitePageAdd: '/admin/site/pages/add',
  adminSitePageEdit: (id: Id) => `/admin/site/pages/${id}`,
  adminSitePostAdd: '/admin/site/posts/add',
  adminSitePostEdit: (id: Id) => `/admin/site/posts/${id}`,

  // Teachers (all require login as a teacher).
  teacher: '/teacher',
  teacherDashboard: '/teacher/dashboard',
  teacherClass: (id: Id) => `/teacher/class/${id}`,
  teacherSettings: '/teacher/settings',

  // User (all require login)
  user: '/user',
  userDashboard: '/user/dashboard',
  userScheduleList: '/user/list-schedule',
  // Spelled so in SPEC.md.
  userPaymenyList: '/user/payment-list',
  // A printable receipt of one payment.
  userPaymentReceipt: (id: Id) => `/user/payment-list/${id}/receipt`,
  // An invoice or credit note, with its PDF.
  userInvoice: (id: Id) => `/user/invoice/${id}`,
  userTokenList: '/user/list-token',
  userSettings: '/user/settings',
  // The learner's sponsor link and the friends it brought.
  userInviteFriends: '/user/invite-friends',
  // Hours attended, level, teachers' notes and certificates.
  userProgress: '/user/progress',
  // The tasks teachers set for the learner's booked classes: to do, handed in, done.
  userHomework: '/user/homework',
  // "Redeem a gift", and the gifts the learner bought.
  userGifts: '/user/gifts',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Anchor of the FAQ section on the home page (the mobile menu's FAQ entry). */
export const FAQ_HASH = 'faq';

import { TabPanel, TabView } from 'primereact/tabview';
import { useI18n } from '../../i18n/i18n';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileInfoForm } from './ProfileInfoForm';

/** /info/index: personal info and change password. */
export default function ProfilePage() {
  const { t } = useI18n();
  return (
    <section className="wd-card">
      <TabView>
        <TabPanel header={t('profileInfoTab')}>
          <ProfileInfoForm />
        </TabPanel>
        <TabPanel header={t('profilePasswordTab')}>
          <ChangePasswordForm />
        </TabPanel>
      </TabView>
    </section>
  );
}
